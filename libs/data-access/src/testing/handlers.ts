import type { ApiErrorBody, CreatedIngestKey, IngestKey, LoginFailure, LoginResponse, MeResponse, MessageLanguage, MessageLanguageBody, Session } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { adminUser, ingestKeysFixture, loginSuccess, sessionFor } from './fixtures';

/** MSW handlers typed against the API's own shapes, for stories and component tests only. */
export const authHandlers = {
  /** The signed-in user's notification language, kept in memory: PUT changes what GET answers. */
  messageLanguage: (initial: MessageLanguage = 'es') => {
    let idioma = initial;
    return [
      http.get('/api/account/idioma', () => HttpResponse.json<MessageLanguageBody>({ idioma })),
      http.put('/api/account/idioma', async ({ request }) => {
        idioma = ((await request.json()) as MessageLanguageBody).idioma;
        return HttpResponse.json<MessageLanguageBody>({ idioma });
      }),
    ];
  },
  messageLanguagePending: () => [
    http.get('/api/account/idioma', async () => {
      await delay('infinite');
      return HttpResponse.json<MessageLanguageBody>({ idioma: 'es' });
    }),
  ],
  messageLanguageError: () => [
    http.get('/api/account/idioma', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
  /** Reading works; saving never answers (the choice is busy) or fails. */
  messageLanguageSavePending: () => [
    http.put('/api/account/idioma', async () => {
      await delay('infinite');
      return HttpResponse.json<MessageLanguageBody>({ idioma: 'en' });
    }),
  ],
  messageLanguageSaveError: () => [
    http.put('/api/account/idioma', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
  /** Ingest keys kept in memory: POST adds one (its key answered once), DELETE revokes. */
  ingestKeys: (initial: IngestKey[] = ingestKeysFixture) => {
    let keys = initial.map((key) => ({ ...key }));
    return [
      http.get('/api/ingest/keys', () => HttpResponse.json<IngestKey[]>(keys)),
      http.post('/api/ingest/keys', async ({ request }) => {
        const { nombre } = (await request.json()) as { nombre: string };
        const claveingestaid = Math.max(0, ...keys.map((key) => key.claveingestaid)) + 1;
        const created: CreatedIngestKey = {
          claveingestaid,
          nombre,
          prefijo: 'csk_Q7mZ',
          statusid: 1,
          datecreated: '2026-11-21T10:30:00.000Z',
          ultimouso: null,
          clave: 'csk_Q7mZp2VbX9rT4wLk8sHd3nYe6uFa1cJ0',
        };
        const { clave: _shownOnce, ...listed } = created;
        keys = [listed, ...keys];
        return HttpResponse.json<CreatedIngestKey>(created, { status: 201 });
      }),
      http.delete('/api/ingest/keys/:id', ({ params }) => {
        keys = keys.map((key) => (key.claveingestaid === Number(params['id']) ? { ...key, statusid: 0 } : key));
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  },
  ingestKeysPending: () => [
    http.get('/api/ingest/keys', async () => {
      await delay('infinite');
      return HttpResponse.json<IngestKey[]>([]);
    }),
  ],
  ingestKeysError: () => [
    http.get('/api/ingest/keys', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
  /** Creating or revoking never answers (busy) or fails. */
  ingestKeysWritePending: () => [
    http.post('/api/ingest/keys', async () => {
      await delay('infinite');
      return HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 });
    }),
  ],
  ingestKeysWriteError: () => [
    http.post('/api/ingest/keys', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
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
