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
export type { DatabaseKind, HealthResponse, DetectResponse } from './health';
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
