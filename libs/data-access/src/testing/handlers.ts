import type { ApiErrorBody, LoginFailure, LoginResponse, MeResponse } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { adminUser, loginSuccess } from './fixtures';

/** MSW handlers typed against the API's own shapes, for stories and component tests only. */
export const authHandlers = {
  loginSucceeds: () => http.post('/api/auth/login', () => HttpResponse.json<LoginResponse>(loginSuccess())),
  loginFails: (error: string) =>
    http.post('/api/auth/login', () => HttpResponse.json<LoginFailure>({ success: false, error }, { status: 401 })),
  loginPending: () =>
    http.post('/api/auth/login', async () => {
      await delay('infinite');
      return HttpResponse.json<LoginResponse>(loginSuccess());
    }),
  loginServerError: () =>
    http.post('/api/auth/login', () =>
      HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 }),
    ),
  meSucceeds: () => http.get('/api/auth/me', () => HttpResponse.json<MeResponse>({ user: adminUser })),
  mePending: () =>
    http.get('/api/auth/me', async () => {
      await delay('infinite');
      return HttpResponse.json<MeResponse>({ user: adminUser });
    }),
};
