export { ROLES, LOGIN_ERROR_UNKNOWN_USER, LOGIN_ERROR_BAD_PASSWORD } from './auth';
export type {
  Rol,
  SessionUser,
  Session,
  LoginRequest,
  LoginSuccess,
  LoginFailure,
  LoginResponse,
  MeResponse,
} from './auth';
export { API_ERROR_CODES, isApiErrorBody } from './errors';
export type { ApiErrorCode, ApiErrorDetail, ApiErrorBody } from './errors';
export type { DatabaseKind, HealthResponse, ReadinessResponse, DetectResponse } from './health';
export {
  APP_VERSION,
  REPORT_PAGE_SIZE,
  REPORT_ROW_CAP,
  NODE_LIST_DEFAULT_LIMIT,
  CHART_DATA_LIMIT,
  GET_ALL_THRESHOLD,
  ACTIVE_SENSOR_WINDOW_MS,
  TOAST_DEFAULT_DURATION_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  MIN_PASSWORD_LENGTH,
} from './constants';
export {
  TABLE_GROUPS,
  TABLE_OPERATIONS,
  TABLE_NAMES,
  TABLE_REGISTRY,
  AUDIT_COLUMNS,
  isTableName,
  findTable,
  tableDefinition,
  tablesInGroup,
  isWritableTable,
  hasCompositeKey,
} from './registry';
export type {
  TableGroup,
  TableOperation,
  TableName,
  TableDefinition,
  TableEmbed,
  TableOrder,
  SortDirection,
} from './registry';
export type {
  TableRow,
  Pagination,
  PaginatedRows,
  MedicionReading,
  CountAnswer,
  LatestReading,
  NodoConLocalizacion,
  TableColumn,
  TableInfo,
  TableConstraint,
} from './sense-api';
export {
  ALERTA_SORT_COLUMNS,
  MENSAJE_SORT_COLUMNS,
  REPORT_DEFAULT_SORT,
  REPORT_LANGUAGES,
  REPORT_CSV_TEXTS,
  reportStatusKind,
} from './reports';
export type {
  AlertaUmbral,
  AlertaMedicion,
  AlertaReportRow,
  MensajeUsuario,
  MensajeContacto,
  MensajeReportRow,
  AlertaReportPage,
  MensajeReportPage,
  AlertaSortColumn,
  MensajeSortColumn,
  ReportSortOrder,
  AlertaReportFilters,
  AlertaFilterOptions,
  ReportDownloadToken,
  ReportLanguage,
  ReportStatusKind,
} from './reports';
export {
  UMBRAL_AUDIT_FIELDS,
  UMBRAL_PREVIEW_DEFAULT_DAYS,
  UMBRAL_PREVIEW_MAX_DAYS,
  UMBRAL_CHANGES_DEFAULT_LIMIT,
  UMBRAL_CHANGES_MAX_LIMIT,
} from './thresholds';
export type {
  UmbralPerfil,
  UmbralScopeThreshold,
  UmbralScopeMetric,
  UmbralScopeProbe,
  UmbralScopeNode,
  UmbralScopeLocation,
  UmbralScopeResponse,
  UmbralScopeFilters,
  UmbralPreviewCount,
  UmbralPreviewResponse,
  UmbralAuditField,
  UmbralAuditAction,
  UmbralAuditChange,
  UmbralAuditUser,
  UmbralAuditEntry,
  UmbralPerfilesBody,
  UmbralPerfilesResponse,
} from './thresholds';
