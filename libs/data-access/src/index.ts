export { apiRequest, apiFetcher, setTokenSource, API_BASE } from './client/api-client';
export type { ApiRequestInit, TokenSource } from './client/api-client';
export { ApiError, isApiError } from './client/api-error';
export { AuthProvider, useAuth } from './auth/auth-provider';
export type { AuthContextValue, AuthProviderProps, AuthStatus } from './auth/auth-provider';
export type { SignInResult } from './auth/auth-api';
export {
  readStoredEmail,
  SESSION_STORAGE_KEY,
  EMAIL_STORAGE_KEY,
} from './auth/session-storage';
