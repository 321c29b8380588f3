export { apiRequest } from './client/api-client';
export { ApiError, isApiError } from './client/api-error';
export {
  reportLiveStream,
  reportNetworkAnswer,
  resetConnectionStatus,
  useConnectionRetry,
  useConnectionStatus,
} from './client/connection';
export { errorMessage, isNetworkFailure, reportErrorDetail } from './client/error-text';
export { useOfflineStatus } from './client/offline';
export { useKeptAnswersSync } from './client/kept-answers-sync';
export { AuthProvider, useAuth } from './auth/auth-provider';
export type { SignInResult } from './auth/auth-api';
export { readStoredEmail, SESSION_STORAGE_KEY, EMAIL_STORAGE_KEY } from './auth/session-storage';
export type { MetricaRow } from './places/types';
export { usePaises, useEmpresas, useFundos, useDashboardFundos } from './places/hierarchy-query';
export { useDashboardPlaces } from './places/dashboard-places-query';
export { useSystemStatus } from './system-status/system-status-query';
export {
  GlobalFiltersProvider,
  useGlobalFilters,
  useOptionalGlobalFilters,
  GLOBAL_FILTERS_STORAGE_KEY,
} from './filters/global-filters';
export type { GlobalFilters } from './filters/global-filters';
export { useGlobalScope } from './filters/global-scope';
export { globalTableScope } from './tables/scope';
export { useAlertasReport, useAlertaFilterOptions } from './alerts/alerts-report-query';
export { useAcknowledgeAlertMutation } from './alerts/acknowledge-alert-mutation';
export { useAcknowledgeMatchingMutation } from './alerts/acknowledge-matching-mutation';
export { useMensajesReport, useMensajeFilterOptions } from './messages/messages-report-query';
export { downloadReportCsv } from './reports/download-report-csv';
export { useSeries, useThresholdSeries } from './series/series-query';
export type { SeriesRequest } from './series/types';
export { useNodosConLocalizacion } from './nodes/nodes-query';
export { useMetricas } from './metrics/metrics-query';
export { useOpenEpisodes } from './episodes/episodes-query';
export { useAcknowledgeEpisodeMutation } from './episodes/acknowledge-episode-mutation';
export { useDashboardTimeZone } from './time-zone/dashboard-time-zone';
export {
  DashboardFiltersProvider,
  useDashboardFilters,
  useOptionalDashboardFilters,
} from './filters/dashboard-filters';
export type { DashboardFilters } from './filters/dashboard-filters';
export type { AncestorStart } from './tables/keys';
export { useTableRows, useTableTotal } from './tables/rows-query';
export type { FormListsState } from './tables/rows-query';
export { useTableMeta } from './tables/meta-query';
export type { TableMeta } from './tables/meta-query';
export { useReferenceLabels, useReferenceLabelSets, useLabelSearch } from './tables/labels-query';
export type { ReferenceLabelSets } from './tables/labels-query';
export { useVersionedRow, useCascadeAncestors, rowKeyValues } from './tables/row-query';
export { useCreateRowMutation } from './tables/create-row-mutation';
export { useUpdateRowMutation } from './tables/update-row-mutation';
export { useDeleteRowMutation } from './tables/delete-row-mutation';
export { useBulkCreateMutation } from './tables/bulk-create-mutation';
export { downloadTableCsv } from './tables/download-table-csv';
export { useProfileAssignments } from './user-profiles/profile-assignment-query';
export type { ProfileAssignmentData } from './user-profiles/profile-assignment-query';
export { useAssignProfilesMutation } from './user-profiles/assign-profiles-mutation';
export { useContactFormData } from './contacts/contact-form-query';
export type { ContactFormData } from './contacts/contact-form-query';
export { useSensorReplicateData } from './sensors/sensor-replicate-query';
export type { SensorReplicateData } from './sensors/sensor-replicate-query';
export { useReplicateSensorsMutation } from './sensors/replicate-sensors-mutation';
export { useMetricaSensorForm } from './metric-sensors/metric-sensor-form-query';
export type { MetricaSensorFormData } from './metric-sensors/metric-sensor-form-query';
export { useReplicateMetricSensorsMutation } from './metric-sensors/replicate-metric-sensors-mutation';
// The massive import's answer lives in domain (the API answers it); kept here for existing imports.
export {
  useThresholdScope,
  useThresholdChanges,
  useThresholdPreview,
  useThresholdHistory,
  useThresholdVersion,
  useCriticidades,
  usePerfiles,
  useUmbralMassiveForm,
  useUmbralMassiveScope,
} from './thresholds/thresholds-query';
export type { UmbralMassiveFormData } from './thresholds/thresholds-query';
export type { CriticidadOption, UmbralChanges } from './thresholds/types';
export { useUpdateThresholdMutation } from './thresholds/update-threshold-mutation';
export { useSetThresholdProfilesMutation } from './thresholds/set-threshold-profiles-mutation';
export { useCreateThresholdMutation } from './thresholds/create-threshold-mutation';
export { useSaveMassiveThresholdsMutation } from './thresholds/save-massive-thresholds-mutation';
export { useSessionRole } from './account/me-query';
export { useIngestKeys } from './ingest-keys/ingest-keys-query';
export { useCreateIngestKeyMutation } from './ingest-keys/create-ingest-key-mutation';
export { useRevokeIngestKeyMutation } from './ingest-keys/revoke-ingest-key-mutation';
export { useMessageLanguage } from './message-language/message-language-query';
export { useSaveMessageLanguageMutation } from './message-language/save-message-language-mutation';
export { useLiveUpdates } from './live/live-updates';
export {
  useScopeTimeZone,
  useTimeZoneSource,
  resolveDisplayTimeZone,
  TIME_ZONE_SOURCE_STORAGE_KEY,
} from './time-zone/display-time-zone';
