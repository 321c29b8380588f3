export { apiRequest, apiRequestVersioned, apiFetcher, setTokenSource, API_BASE } from './client/api-client';
export type { Versioned } from './client/api-client';
export type { ApiRequestInit, TokenSource } from './client/api-client';
export { ApiError, isApiError } from './client/api-error';
export {
  connectionStateOf,
  currentConnectionStatus,
  reportLiveStream,
  reportNetworkAnswer,
  reportNetworkFailure,
  reportServerHealth,
  resetConnectionStatus,
  useConnectionLost,
  useConnectionRetry,
  useConnectionStatus,
  useConnectionState,
} from './client/connection';
export type { ConnectionState, ConnectionStatus, LiveStreamState } from './client/connection';
export { errorMessage, isNetworkFailure, reportErrorDetail } from './client/error-text';
export type { ErrorMessage, ErrorTextKey } from './client/error-text';
export { AuthProvider, useAuth } from './auth/auth-provider';
export type { AuthContextValue, AuthProviderProps, AuthStatus, SignOutResult } from './auth/auth-provider';
export type { SignInResult } from './auth/auth-api';
export { MESSAGE_LANGUAGE_KEY, useMessageLanguage, saveMessageLanguage } from './auth/message-language';
export { INGEST_KEYS_KEY, useIngestKeys, createIngestKey, revokeIngestKey } from './auth/ingest-keys';
export {
  readStoredEmail,
  SESSION_STORAGE_KEY,
  EMAIL_STORAGE_KEY,
} from './auth/session-storage';
export { senseKeys } from './sense/keys';
export type { PaisRow, EmpresaRow, FundoRow } from './sense/types';
export { usePaises, useEmpresas, useFundos } from './sense/hierarchy';
export { detectSense, resetDetectCache } from './sense/detect';
export { senseListFetcher } from './sense/sense-fetcher';
export { useSystemStatus, SYSTEM_STATUS_REFRESH_MS } from './sense/system-status';
export type { SystemStatus } from './sense/system-status';
export {
  GlobalFiltersProvider,
  useGlobalFilters,
  useOptionalGlobalFilters,
  EMPTY_GLOBAL_FILTERS,
  GLOBAL_FILTERS_STORAGE_KEY,
  parseStoredFilters,
  validScope,
} from './filters/global-filters';
export type { GlobalFilters, GlobalFiltersProviderProps, GlobalScopeLists } from './filters/global-filters';
export { useGlobalScope } from './filters/global-scope';
export { globalScopeFilter, globalTableScope } from './table-rows/scope';
export type { TableScopeQuery } from './table-rows/scope';
export type { GlobalScopeNames } from './filters/global-scope';
export { reportKeys, REPORTS_BASE } from './reports/keys';
export type { AlertasReportParams, MensajesReportParams, ReportSortState } from './reports/keys';
export { useAlertasReport, useMensajesReport, useAlertaFilterOptions, useMensajeFilterOptions, downloadReportCsv, acknowledgeAlert, acknowledgeEpisode, acknowledgeMatchingAlerts } from './reports/reports';
export type { ReportCsvRequest } from './reports/reports';
export { dashboardKeys } from './dashboard/keys';
export {
  useDashboardFundos,
  useDashboardPlaces,
  useMetricas,
  useNodosConLocalizacion,
  useSeries,
  useOpenEpisodes,
} from './dashboard/dashboard-data';
export type { DashboardOptions } from './dashboard/dashboard-data';
export { resolveDashboardTimeZone, useDashboardTimeZone } from './dashboard/dashboard-time-zone';
export type { DashboardZoneInput } from './dashboard/dashboard-time-zone';
export type {
  UbicacionRow,
  EntidadRow,
  LocalizacionRow,
  MetricaRow,
  SeriesRequest,
} from './dashboard/types';
export {
  DashboardFiltersProvider,
  useDashboardFilters,
  useOptionalDashboardFilters,
  EMPTY_DASHBOARD_FILTERS,
} from './filters/dashboard-filters';
export type {
  DashboardFilters,
  DashboardFiltersPayload,
  DashboardFiltersContextValue,
  DashboardFiltersProviderProps,
} from './filters/dashboard-filters';
export { tableRowKeys, isTableKey } from './table-rows/keys';
export type { TableRowsParams, LabelParams } from './table-rows/keys';
export {
  useTableRows,
  useTableTotal,
  useTableMeta,
  useReferenceLabels,
  useReferenceLabelSets,
  useLabelSearch,
  useCascadeAncestors,
  useTableRowMutations,
  useRevalidateTable,
  useVersionedRow,
  downloadTableCsv,
  rowKeyValues,
} from './table-rows/table-rows';
export type { AncestorStart, ReferenceLabelSets, TableMeta, VersionedRow } from './table-rows/table-rows';
export { parameterFormKeys, FORM_LIST_LIMIT } from './parameter-forms/keys';
export type { FormListsState } from './parameter-forms/whole-tables';
export { useProfileAssignments, useAssignProfiles } from './parameter-forms/profile-assignment';
export type { ProfileAssignmentData } from './parameter-forms/profile-assignment';
export { useContactFormData } from './parameter-forms/contact-form';
export type { ContactFormData } from './parameter-forms/contact-form';
export { useSensorReplicateData, useReplicateSensors } from './parameter-forms/sensor-replicate';
export type { SensorReplicateData } from './parameter-forms/sensor-replicate';
export { useMetricaSensorForm, useReplicateMetricaSensor } from './parameter-forms/metrica-sensor';
export type { MetricaSensorFormData } from './parameter-forms/metrica-sensor';
export { useUmbralMassiveForm, useUmbralMassiveScope, useSaveUmbralMassive } from './parameter-forms/umbral-massive';
export type { UmbralMassiveFormData } from './parameter-forms/umbral-massive';
// The massive import's answer lives in domain (the API answers it); kept here for existing imports.
export type { BulkCreateError, BulkCreateResult } from '@camposense/domain';
export { thresholdKeys } from './thresholds/keys';
export type { ThresholdPreviewRequest, ThresholdSeriesRequest } from './thresholds/keys';
export {
  useThresholdScope,
  useThresholdChanges,
  useThresholdPreview,
  useThresholdHistory,
  useThresholdVersion,
  useThresholdSeries,
  useCriticidades,
  usePerfiles,
  useSessionRole,
  useThresholdMutations,
  THRESHOLD_CHANGES_LIMIT,
} from './thresholds/thresholds';
export type { CriticidadOption, PerfilOption, UmbralChanges, NewUmbral } from './thresholds/thresholds';
export { useLiveUpdates, keysStaleAfter, LIVE_EVENT_TYPES } from './live/live-updates';
export { startLiveClient, DEFAULT_HEARTBEAT_MS, WATCHDOG_HEARTBEATS, MAX_RECONNECT_ATTEMPTS } from './live/live-client';
export type { LiveClient, LiveClientOptions, LiveSource } from './live/live-client';
export type { LiveEventType } from './live/live-updates';
export { useScopeTimeZone, useTimeZoneSource, resolveDisplayTimeZone, TIME_ZONE_SOURCE_STORAGE_KEY } from './time-zone/display-time-zone';
export type { DisplayTimeZone as ScopeTimeZone, TimeZoneSource, ZoneResolutionInput } from './time-zone/display-time-zone';
