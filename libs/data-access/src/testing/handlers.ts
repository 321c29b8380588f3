import type { ApiErrorBody, LoginFailure, LoginResponse, MeResponse, Session } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { adminUser, loginSuccess, sessionFor } from './fixtures';

/** MSW handlers typed against the API's own shapes, for stories and component tests only. */
export const authHandlers = {
  loginSucceeds: () => http.post('/api/auth/login', () => HttpResponse.json<LoginResponse>(loginSuccess())),
  loginFails: (error: string) =>
    http.post('/api/auth/login', () => HttpResponse.json<LoginFailure>({ success: false, error }, { status: 401 })),
  /** The sign-in limit: wait `seconds` (Retry-After). */
  loginRateLimited: (seconds: number) =>
    http.post('/api/auth/login', () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'RATE_LIMITED', message: 'Demasiados intentos; inténtelo más tarde' } },
        { status: 429, headers: { 'Retry-After': String(seconds) } },
      ),
    ),
  loginPending: () =>
    http.post('/api/auth/login', async () => {
      await delay('infinite');
      return HttpResponse.json<LoginResponse>(loginSuccess());
    }),
  loginServerError: () =>
    http.post('/api/auth/login', () =>
      HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 }),
    ),
  /** A reload with a live refresh cookie: the session comes back (valid for `validForMs`). */
  refreshSucceeds: (user = adminUser, validForMs = 15 * 60 * 1000) =>
    http.post('/api/auth/refresh', () =>
      HttpResponse.json<Session>(sessionFor(user, new Date(Date.now() + validForMs - 900_000))),
    ),
  refreshPending: () =>
    http.post('/api/auth/refresh', async () => {
      await delay('infinite');
      return HttpResponse.json<Session>(sessionFor(adminUser));
    }),
  /** No cookie, or a revoked or expired one. */
  refreshFails: () =>
    http.post('/api/auth/refresh', () =>
      HttpResponse.json<ApiErrorBody>({ error: { code: 'UNAUTHORIZED', message: 'La sesión no es válida o ha expirado' } }, { status: 401 }),
    ),
  logoutSucceeds: () => http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
  logoutFails: () =>
    http.post('/api/auth/logout', () =>
      HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 }),
    ),
  meSucceeds: () => http.get('/api/auth/me', () => HttpResponse.json<MeResponse>({ user: adminUser })),
  mePending: () =>
    http.get('/api/auth/me', async () => {
      await delay('infinite');
      return HttpResponse.json<MeResponse>({ user: adminUser });
    }),
};
