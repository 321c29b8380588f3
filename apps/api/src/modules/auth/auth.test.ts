import { hashPassword, usuario, appDb, DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { LOGIN_ERROR_BAD_PASSWORD, LOGIN_ERROR_UNKNOWN_USER } from '@camposense/domain';
import type { ApiErrorBody, LoginFailure, MeResponse } from '@camposense/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, loginAs, openTestApp, TEST_JWT_SECRET } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const operador = DEMO_USERS.find((user) => user.rol === 'user')!;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(testDrivers())('auth on $kind', (driver) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver);
  });
  afterAll(() => closeTestApp(context));

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
  const me = (authorization?: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authorization === undefined ? {} : { authorization },
    });

  describe('POST /api/auth/login', () => {
    it('answers the user and a session', async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await login({ email: admin.login, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const user = {
        id: expect.any(Number),
        email: admin.login,
        user_metadata: { firstname: admin.firstname, lastname: admin.lastname, rol: 'admin' },
      };
      expect(body).toEqual({
        success: true,
        user,
        session: {
          access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          refresh_token: expect.stringMatching(/^[\w-]{40,}$/),
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          expires_at: expect.any(Number),
          user,
        },
      });
      expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
      expect(body.session.expires_at).toBeGreaterThanOrEqual(before + 900);
      expect(body.session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 900);
      expect(JSON.stringify(body)).not.toContain('password');
    });

    it('matches the e-mail case-insensitively', async () => {
      const response = await login({ email: `  ${operador.login.toUpperCase()} `, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(operador.login);
      expect(response.json().user.user_metadata.rol).toBe('user');
    });

    it('answers 401 "Usuario no encontrado" for an unknown e-mail', async () => {
      const response = await login({ email: 'nadie@camposense.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json<LoginFailure>()).toEqual({ success: false, error: LOGIN_ERROR_UNKNOWN_USER });
    });

    it('answers 401 "Invalid credentials" for a wrong password', async () => {
      const response = await login({ email: admin.login, password: 'Campo#Sense2025' });
      expect(response.statusCode).toBe(401);
      expect(response.json<LoginFailure>()).toEqual({ success: false, error: LOGIN_ERROR_BAD_PASSWORD });
    });

    it('refuses an inactive user as invalid credentials', async () => {
      await appDb(context.database)
        .insert(usuario)
        .values({ login: 'baja@camposense.dev', password_hash: await hashPassword(DEMO_PASSWORD), statusid: 0 });
      const response = await login({ email: 'baja@camposense.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json<LoginFailure>()).toEqual({ success: false, error: LOGIN_ERROR_BAD_PASSWORD });
    });

    it.each([
      ['no password', { email: admin.login }, [{ field: 'password', rule: 'required' }]],
      ['no e-mail', { password: 'x' }, [{ field: 'email', rule: 'required' }]],
      ['an empty body', {}, [{ field: 'email', rule: 'required' }, { field: 'password', rule: 'required' }]],
      ['a numeric e-mail', { email: 123, password: 'x' }, [{ field: 'email', rule: 'type', limit: 'string' }]],
      ['an empty e-mail', { email: '', password: 'x' }, [{ field: 'email', rule: 'minLength', limit: 1 }]],
      ['an unknown field', { email: admin.login, password: 'x', admin: true }, [{ field: 'admin', rule: 'unknown' }]],
    ])('answers 400 VALIDATION for %s', async (_name, payload, details) => {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.message).toEqual(expect.any(String));
      expect(body.error.details).toEqual(expect.arrayContaining(details));
      expect(body.error.details).toHaveLength(details.length);
    });

    it('answers 400 BAD_REQUEST for malformed JSON', async () => {
      const response = await login('{"email": "a@b.c", ', { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    });

    it('answers 413 PAYLOAD_TOO_LARGE for a huge body', async () => {
      const response = await login({ email: admin.login, password: 'x'.repeat(2 * 1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json<ApiErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('GET /api/auth/me', () => {
    const expectUnauthorized = (response: Awaited<ReturnType<typeof me>>) => {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    };

    it('answers the signed-in user, read from the database', async () => {
      const { session, user } = await loginAs(context.app, admin.login, DEMO_PASSWORD);
      const response = await me(`Bearer ${session.access_token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<MeResponse>()).toEqual({ user });
    });

    it('answers 401 without a token', async () => {
      expectUnauthorized(await me());
      expectUnauthorized(await me('Basic dXNlcjpwYXNz'));
      expectUnauthorized(await me('Bearer'));
    });

    it('answers 401 for a garbage token', async () => {
      expectUnauthorized(await me('Bearer not-a-jwt'));
      expectUnauthorized(await me('Bearer a.b.c'));
    });

    it('answers 401 for an expired token', async () => {
      const issuedAt = Math.floor(Date.now() / 1000) - 3600;
      const token = await new SignJWT({ email: admin.login, rol: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('camposense')
        .setAudience('camposense-console')
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 900)
        .sign(TEST_JWT_SECRET);
      expectUnauthorized(await me(`Bearer ${token}`));
    });

    it('answers 401 for an unsigned (alg: none) token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: '1', email: admin.login, rol: 'admin', iss: 'camposense', aud: 'camposense-console', iat: now, exp: now + 900 };
      const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      expectUnauthorized(await me(`Bearer ${token}`));
    });

    it('answers 401 for a token signed with another secret', async () => {
      const { session } = await loginAs(context.app, admin.login, DEMO_PASSWORD);
      const [header, payload] = session.access_token.split('.');
      const forged = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
        .setProtectedHeader(JSON.parse(Buffer.from(header!, 'base64url').toString()))
        .sign(new TextEncoder().encode('another-secret-of-sufficient-length-000'));
      expectUnauthorized(await me(`Bearer ${forged}`));
    });
  });
});
