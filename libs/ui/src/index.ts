export { system } from './theme/system';
export { signedOutSystem } from './theme/signed-out-system';
export { UiProvider, SignedOutUiProvider } from './provider/ui-provider';
export { SignedInUiProvider } from './provider/signed-in-ui-provider';
export type { UiProviderProps } from './provider/ui-provider';
export { ColorModeProvider, useColorMode, COLOR_MODE_STORAGE_KEY } from './color-mode';
export type { ColorMode, ColorModeProviderProps } from './color-mode';
export { LoadingState } from './loading-state';
export type { LoadingStateProps } from './loading-state';
export { ErrorState, ErrorBox } from './error-state';
export type { ErrorStateProps, ErrorBoxProps } from './error-state';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { Panel } from './panel';
export type { PanelProps } from './panel';
export { FormField } from './form-field';
export type { FormFieldProps } from './form-field';
export { ThemeToggle } from './theme-toggle';
export type { ThemeToggleProps } from './theme-toggle';
export { LoginScreen } from './login-screen';
export type { LoginScreenProps } from './login-screen';
export { WelcomeScreen } from './welcome-screen';
export type { WelcomeScreenProps } from './welcome-screen';
export { UserMenu } from './user-menu';
export type { UserMenuProps } from './user-menu';
export { SearchableSelect } from './searchable-select';
export type { SearchableSelectOption, SearchableSelectProps } from './searchable-select';
export {
  MainSidebar,
  MAIN_SECTIONS,
  SECTION_ACCENT,
  AuxSidebar,
  SidebarItem,
  useHoverExpand,
  SIDEBAR_COLLAPSE_DELAY_MS,
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  SIDEBAR_EXPANDED_WIDTH,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_DOCKED_WIDTH,
  HOVER_INTENT_INTERVAL_MS,
  HOVER_INTENT_SENSITIVITY_PX,
  TableIcon,
  TABLE_ICONS,
  NavDrawer,
} from './sidebar';
export type {
  MainSidebarProps,
  MainSection,
  AuxSidebarProps,
  AuxSidebarGroup,
  AuxSidebarItem,
  SidebarItemProps,
  HoverExpandOptions,
  TableIconProps,
  NavDrawerProps,
} from './sidebar';
export { CONNECTION_LIGHT, LiveIndicator, StatusCard } from './status-card';
export type { ConnectionState as ConnectionDisplayState, LiveIndicatorProps } from './status-card';
export type { StatusCardProps, StatusFigures } from './status-card';
export { AppHeader, HEADER_HEIGHT } from './header';
export type { AppHeaderProps, Crumb } from './header';
export { ScopeChip, scopePath } from './scope-chip';
export type { ScopeChipProps } from './scope-chip';
export { ScreenBoundary } from './lazy-screen';
export type { ScreenBoundaryProps } from './lazy-screen';
export { PromptScreen } from './prompt-screen';
export type { PromptScreenProps } from './prompt-screen';
export { DevPlaceholder } from './dev-placeholder';
export type { DevPlaceholderProps } from './dev-placeholder';
export { Toaster, showToast, dismissAllToasts, TOAST_TYPES } from './toast';
export type { ShowToastOptions, ToastAction, ToastType } from './toast';
export { UnsavedChangesModal, UnsavedChangesProvider, useUnsavedChanges, useReportUnsavedChanges } from './confirm-modal';
export type {
  UnsavedChangesModalProps,
  UnsavedChangesType,
  UnsavedChangesContextValue,
  UnsavedChangesProviderProps,
} from './confirm-modal';
export { SeriesChart, gapBefore, chartTimeFormats } from './charts';
export type { SeriesChartProps, ChartThreshold, ChartEpisode, ChartTone, ChartBucket, ChartTimeFormats, ChartComparison, ChartRange } from './charts';
export { SectionPlaceholder } from './section-placeholder';
export type { SectionPlaceholderProps } from './section-placeholder';
export { DataTable } from './data-table';
export type { DataTableColumn, DataTableProps, DataTableSort } from './data-table';
export { Pager } from './pager';
export type { PagerProps } from './pager';
export { StatusBadge } from './status-badge';
export type { StatusBadgeProps } from './status-badge';
export { DateCell } from './date-cell';
export type { DateCellProps } from './date-cell';
export { TimeZoneNote } from './time-zone-note';
export type { TimeZoneNoteProps } from './time-zone-note';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { QueryState } from './query-state';
export type { QueryStateProps } from './query-state';
export { RecordForm } from './record-form';
export type { RecordFieldKind, RecordFieldValue, RecordFormField, RecordFormProps, RecordFormValues, RecordSelectControl } from './record-form';
export { parseCsv, parseCsvFile } from './csv';
export type { ParsedCsv } from './csv';
export { gradoPalette } from './grado-palette';
export { ConnectionBanner } from './connection-banner';
export type { ConnectionBannerProps } from './connection-banner';
export { DateRangePicker, QUICK_RANGES, DEFAULT_SEASON_START_MONTH, quickRange, activeQuickRange, seasonStart } from './date-range-picker';
export type { DateRangePickerProps, DateRangeValue, QuickRangeId } from './date-range-picker';
