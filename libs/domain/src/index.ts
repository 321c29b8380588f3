export { ROLES, LOGIN_ERROR_UNKNOWN_USER, LOGIN_ERROR_BAD_PASSWORD } from './auth';
export type {
  Rol,
  SessionUser,
  Session,
  LoginSuccess,
  LoginFailure,
  LoginResponse,
  MeResponse,
  MessageLanguage,
  MessageLanguageBody,
  IngestKey,
  CreatedIngestKey,
} from './auth';
export { isApiErrorBody, isNetworkFailure } from './errors';
export type { ApiErrorCode, ApiErrorDetail, ApiErrorBody } from './errors';
export type { DatabaseKind, HealthResponse, DetectResponse } from './health';
export {
  APP_VERSION,
  REPORT_PAGE_SIZE,
  REPORT_ROW_CAP,
  NODE_LIST_DEFAULT_LIMIT,
  CHART_DATA_LIMIT,
  GET_ALL_THRESHOLD,
  TOAST_DEFAULT_DURATION_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  MIN_PASSWORD_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_BULK_ROWS,
  MAX_BULK_ERRORS,
  MAX_LABEL_PAGE_SIZE,
} from './constants';
export {
  TABLE_GROUPS,
  TABLE_OPERATIONS,
  TABLE_NAMES,
  TABLE_REGISTRY,
  isTableName,
  findTable,
  tableDefinition,
  tablesInGroup,
  isWritableTable,
  hasCompositeKey,
  referencedTable,
  fieldMaxLength,
  ancestorsOf,
  labelLookupColumns,
  rowLabel,
} from './registry';
export type {
  TableOperation,
  TableName,
  TableDefinition,
  TableEmbed,
  SortDirection,
  FieldInput,
} from './registry';
export type {
  TableRow,
  PaginatedRows,
  MedicionReading,
  CountAnswer,
  NodoConLocalizacion,
  TableColumn,
  TableInfo,
  TableConstraint,
  BulkCreateRequest,
  BulkCreateError,
  BulkCreateResult,
  LabelOption,
  LabelPage,
  ReferencingRows,
} from './sense-api';
export {
  ALERTA_STATES,
  MENSAJE_STATES,
  REPORT_DEFAULT_SORT,
  REPORT_CSV_TEXTS,
  REPORT_MAX_PAGE_OFFSET,
  ACKNOWLEDGE_NOTE_MAX_LENGTH,
  reachablePage,
  reportStatusKind,
  CSV_NAME_SUFFIX,
  csvNameColumn,
} from './reports';
export type {
  AlertaReportRow,
  AcknowledgeAnswer,
  MensajeContacto,
  MensajeReportRow,
  AlertaReportPage,
  MensajeReportPage,
  ReportPage,
  AlertaSortColumn,
  MensajeSortColumn,
  AlertaReportFilters,
  AlertaState,
  MensajeReportFilters,
  MensajeState,
  ReportDateRange,
  ReportScope,
  AlertaFilterOptions,
  MensajeFilterOptions,
  ReportDownloadToken,
  ReportLanguage,
  ReportStatusKind,
} from './reports';
export {
  UMBRAL_AUDIT_FIELDS,
  UMBRAL_PREVIEW_DEFAULT_DAYS,
  UMBRAL_CHANGES_DEFAULT_LIMIT,
  UMBRAL_MASSIVE_MAX_ROWS,
  parseDecimalInput,
} from './thresholds';
export type {
  UmbralRow,
  UmbralBand,
  UmbralPerfil,
  UmbralScopeThreshold,
  UmbralPlace,
  UmbralScopeMetric,
  UmbralScopeLocation,
  UmbralScopeResponse,
  UmbralScopeFilters,
  UmbralMassiveRow,
  UmbralMassiveRequest,
  UmbralMassiveResult,
  UmbralPreviewCount,
  UmbralPreviewResponse,
  UmbralAuditAction,
  UmbralAuditChange,
  UmbralAuditEntry,
  UmbralPerfilesBody,
  UmbralPerfilesResponse,
} from './thresholds';
export type { SeriesBucket, SeriesThreshold, SeriesStats, SeriesMetric, SeriesResponse } from './series';
export { SERIES_DEFAULT_MAX_POINTS, SERIES_MAX_POINTS_CAP, seriesRoute } from './contracts/series';
export type { SeriesQuery } from './contracts/series';
export { LIVE_EVENT_TYPES } from './live';
export type { LiveEventType } from './live';
export { streamTicketRoute, streamRoute } from './contracts/live';
export type { LiveReading, LiveEvent, StreamTicket } from './contracts/live';
export { DateParam } from './contracts/common';
export {
  acknowledgeAlertRoute,
  acknowledgeMatchingRoute,
  acknowledgeEpisodeRoute,
  openEpisodesRoute,
} from './contracts/alerts';
export {
  reportReadErrors,
  CursorPageSchema,
  AlertasCsvQuerySchema,
  MensajesCsvQuerySchema,
  alertasRoute,
  alertaFilterOptionsRoute,
  mensajeFilterOptionsRoute,
  mensajesRoute,
  downloadTokenRoute,
} from './contracts/reports';
export type { DownloadableReport } from './contracts/reports';
export { healthRoute, readinessRoute, detectRoute } from './contracts/health';
export {
  REFRESH_TOKEN_MAX_LENGTH,
  SessionUserSchema,
  SessionSchema,
  loginRoute,
  refreshRoute,
  logoutRoute,
  meRoute,
  ownLanguageRoute,
  setOwnLanguageRoute,
} from './contracts/auth';
export type { RefreshTokenBody } from './contracts/auth';
export {
  MAX_BATCH_READINGS,
  ingestReadingsRoute,
  ingestKeysRoute,
  createIngestKeyRoute,
  revokeIngestKeyRoute,
} from './contracts/ingest';
export { enCursoRoute } from './contracts/en-curso';
export { labelsRoute, tableColumnsRoute, tableInfoRoute, tableConstraintsRoute } from './contracts/tables';
export type { TableParams } from './contracts/tables';
export {
  REPLICATE_LIMITS,
  sensorReplicateRoute,
  metricaSensorReplicateRoute,
  usuarioPerfilAssignRoute,
} from './contracts/replicate';
export {
  umbralScopeRoute,
  umbralChangesRoute,
  umbralPreviewRoute,
  umbralHistoryRoute,
  umbralPerfilesRoute,
  umbralMassiveRoute,
} from './contracts/thresholds';
export type {
  AcknowledgeMatchingBody,
  AcknowledgeMatchingResult,
  AcknowledgeEpisodeResult,
} from './contracts/alerts';
export { bucketsTouched, bucketSecondsFor } from './series';
export type { OpenEpisode, OpenEpisodesResponse } from './episodes';
export type {
  SensorPair,
  MetricaSensorTriple,
  ReplicateResult,
  SensorReplicateRequest,
  MetricaSensorReplicateRequest,
  UsuarioPerfilPair,
  UsuarioPerfilAssignRequest,
} from './replicate';
export {
  canonicalTimeZone,
  isTimeZone,
  timeZoneOffsetMinutes,
  formatInstantInZone,
  dayInZone,
  addCalendarDays,
  zonedDayStart,
} from './time-zone';
export type { ScopeLevel, TableScope } from './scope';
export { SCOPE_LINKS, isScopable, formatTableScope, parseTableScope } from './scope';
export { EN_CURSO } from './ongoing';
export type { EnCursoResponse } from './ongoing';
