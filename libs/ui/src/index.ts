export { UiProvider, SignedOutUiProvider } from './provider/ui-provider';
export { SignedInUiProvider } from './provider/signed-in-ui-provider';
export { useColorMode } from './color-mode';
export type { ColorMode } from './color-mode';
export { LoadingState } from './loading-state';
export { ErrorState, ErrorBox } from './error-state';
export { EmptyState } from './empty-state';
export { Panel } from './panel';
export { FormField } from './form-field';
export { LoginScreen } from './login-screen';
export { WelcomeScreen } from './welcome-screen';
export { UserMenu } from './user-menu';
export { SearchableSelect } from './searchable-select';
export type { SearchableSelectOption, SearchableSelectProps } from './searchable-select';
export {
  MainSidebar,
  SECTION_ACCENT,
  AuxSidebar,
  useHoverExpand,
  SIDEBAR_COLLAPSE_DELAY_MS,
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  TableIcon,
  NavDrawer,
} from './sidebar';
export type { MainSection, AuxSidebarGroup } from './sidebar';
export { LiveIndicator, StatusCard } from './status-card';
export { AppHeader, HEADER_HEIGHT } from './header';
export type { Crumb } from './header';
export { ScopeChip } from './scope-chip';
export { ScreenBoundary } from './lazy-screen';
export { PromptScreen } from './prompt-screen';
export { DevPlaceholder } from './dev-placeholder';
export { Toaster, showToast, dismissAllToasts } from './toast';
export { UnsavedChangesProvider, useUnsavedChanges, useReportUnsavedChanges } from './confirm-modal';
export { SeriesChart } from './charts';
export type {
  ChartThreshold,
  ChartEpisode,
  ChartTone,
  ChartBucket,
  ChartComparison,
  ChartRange,
} from './charts';
export { DataTable } from './data-table';
export type { DataTableColumn, DataTableSort } from './data-table';
export { Pager } from './pager';
export { StatusBadge } from './status-badge';
export { DateCell } from './date-cell';
export { TimeZoneNote } from './time-zone-note';
export { ConfirmDialog } from './confirm-dialog';
export { QueryState } from './query-state';
export type { QueryStateProps } from './query-state';
export { RecordForm } from './record-form';
export type { RecordFieldKind, RecordFormField, RecordFormValues, RecordSelectControl } from './record-form';
export { parseCsv, parseCsvFile } from './csv';
export { gradoPalette } from './grado-palette';
export { ConnectionBanner } from './connection-banner';
export { OfflineNotice } from './offline-notice';
export { UpdatePrompt } from './update-prompt';
export { WriteLockProvider, useWriteLock } from './write-lock';
export { DateRangePicker } from './date-range-picker';
export type { DateRangeValue } from './date-range-picker';
