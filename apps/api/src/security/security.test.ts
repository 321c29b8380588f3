import { Writable } from 'node:stream';
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { ApiErrorBody, LoginSuccess, Session } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { REFRESH_COOKIE } from '../modules/auth/routes';
import { hashRefreshToken } from '../modules/auth/tokens';
import { closeTestApp, loginAs, openTestApp, TEST_JWT_SECRET } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';
import { mapSettings } from '../config';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './headers';
import { GUARDED_PREFIX, WRITE_METHODS } from './require-role';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const operador = DEMO_USERS.find((user) => user.rol === 'user')!;

const expectSecurityHeaders = (response: LightMyRequestResponse) => {
  expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
};

const expectErrorShape = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  const body = response.json<ApiErrorBody>();
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
};

describe('the content security policy', () => {
  it('is as strict as the console allows: own scripts only, no inline script, no framing', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      // The map's tiles (issue 33): OpenStreetMap's origin only, and the blob: images MapLibre decodes them into.
      'img-src': "'self' data: blob: https://tile.openstreetmap.org",
      'font-src': "'self' data:",
      'connect-src': "'self' https://tile.openstreetmap.org",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'object-src': "'none'",
    });
  });

  it("opens to an installation's map style and tile origins, and to nothing else", () => {
    const map = mapSettings({ MAP_STYLE_URL: 'https://tiles.example.org/styles/campo.json', MAP_TILE_ORIGINS: 'https://a.tiles.example.org, https://tiles.example.org' });
    expect(map).toEqual({ styleUrl: 'https://tiles.example.org/styles/campo.json', origins: ['https://tiles.example.org', 'https://a.tiles.example.org'] });
    const policy = contentSecurityPolicy(map.origins);
    expect(policy).toContain("connect-src 'self' https://tiles.example.org https://a.tiles.example.org;");
    expect(policy).not.toContain('openstreetmap');
    expect(mapSettings({})).toEqual({ styleUrl: undefined, origins: ['https://tile.openstreetmap.org'] });
    expect(() => mapSettings({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow('MAP_STYLE_URL no válido');
    expect(() => mapSettings({ MAP_TILE_ORIGINS: 'tiles.example.org' })).toThrow('MAP_TILE_ORIGINS no válido');
  });
});

describe.each(testDrivers())('security on $kind', (driver) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver);
  });
  afterAll(() => closeTestApp(context));

  const loginOn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  describe('headers', () => {
    it('go on every answer: success, errors, unknown routes', async () => {
      const { session } = await loginAs(context.app, admin.login, DEMO_PASSWORD);
      const answers = await Promise.all([
        context.app.inject({ method: 'GET', url: '/api/health' }),
        context.app.inject({ method: 'GET', url: '/api/openapi.json' }),
        context.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session.access_token}` } }),
        context.app.inject({ method: 'GET', url: '/api/auth/me' }),
        context.app.inject({ method: 'GET', url: '/api/no-such-route' }),
        context.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 404, 400]);
      for (const answer of answers) expectSecurityHeaders(answer);
    });

    it('send no CORS header when CORS_ORIGINS is empty, whatever the Origin', async () => {
      const simple = await context.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      const preflight = await context.app.inject({
        method: 'OPTIONS',
        url: '/api/sense/pais',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      for (const answer of [simple, preflight]) {
        expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
      expect(preflight.statusCode).toBe(404);
    });
  });

  describe('a map style of its own (MAP_STYLE_URL)', () => {
    it('is told to the console in the health answer and allowed by the policy on every answer', async () => {
      const map = mapSettings({ MAP_STYLE_URL: 'https://tiles.example.org/styles/campo.json' });
      const app = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, map });
      try {
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toEqual({ status: 'ok', database: driver.kind, mapStyleUrl: 'https://tiles.example.org/styles/campo.json' });
        for (const answer of [health, await app.inject({ method: 'GET', url: '/api/no-such-route' })]) {
          expect(answer.headers['content-security-policy']).toBe(contentSecurityPolicy(['https://tiles.example.org']));
        }
      } finally {
        await app.close();
      }
      // Without one, the health answer names none and the console draws OpenStreetMap's tiles.
      expect((await context.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: driver.kind });
    });
  });

  describe('CORS with CORS_ORIGINS', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, corsOrigins: ['https://campo.example'] });
    });
    afterAll(() => app.close());

    it('answers the named origin, preflight included, and no other', async () => {
      const allowed = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://campo.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://campo.example');
      expect(allowed.headers['vary']).toContain('Origin');

      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/sense/pais',
        headers: { origin: 'https://campo.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');

      const other = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('sign-in limits', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildApp({
        database: context.database,
        jwtSecret: TEST_JWT_SECRET,
        loginRateLimit: { perEmail: 3, perAddress: 6, windowSeconds: 600 },
      });
    });
    afterAll(() => limited.close());
    const login = (email: string, password: string, remoteAddress: string) => loginOn(limited, email, password, remoteAddress);

    it('answers 429 RATE_LIMITED with Retry-After once an e-mail has used its attempts', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login(operador.login, 'no-es-la-clave', '198.51.100.7')).statusCode).toBe(401);
      }
      // Even the right password waits now: the point is to stop guessing.
      const limited = await login(operador.login, DEMO_PASSWORD, '198.51.100.8');
      expectErrorShape(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
      expectSecurityHeaders(limited);
    });

    it('limits one address trying many e-mails, but not other addresses', async () => {
      const address = '198.51.100.20';
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expect((await login(`nadie${attempt}@camposense.dev`, 'x', address)).statusCode).toBe(401);
      }
      expectErrorShape(await login('otro@camposense.dev', 'x', address), 429, 'RATE_LIMITED');
      expect((await login(admin.login, DEMO_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        expect((await login(admin.login, DEMO_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
      }
    });

    it('spends the same argon2 work on an unknown e-mail as on a wrong password', async () => {
      // Its own app, without limits: only the password work may differ between the two kinds.
      const app = await buildApp({
        database: context.database,
        jwtSecret: TEST_JWT_SECRET,
        loginRateLimit: { perEmail: 1_000, perAddress: 1_000, backoff: { freeAttempts: 1_000 } },
      });
      const timeOf = async (email: string, address: string) => {
        const started = performance.now();
        const response = await loginOn(app, email, 'contraseña-equivocada', address);
        expect(response.statusCode).toBe(401);
        return performance.now() - started;
      };
      // Warm up (the dummy hash is made on first use), then interleave several of each, so a
      // busy machine slows both kinds alike, and compare the medians.
      await timeOf('calentamiento@camposense.dev', '198.51.100.40');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 7; round += 1) {
        known.push(await timeOf(admin.login, '198.51.100.41'));
        unknown.push(await timeOf(`desconocido${round}@camposense.dev`, '198.51.100.41'));
      }
      await app.close();
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // Without the dummy verification an unknown e-mail answers in ~1 ms against ~tens of ms.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });
  });

  describe('roles', () => {
    let probe: FastifyInstance;
    let adminToken: string;
    let userToken: string;
    beforeAll(async () => {
      probe = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET });
      // Routes added after buildApp, as another plugin would: the guard must still cover them.
      probe.post(`${GUARDED_PREFIX}/probe`, async () => ({ written: true }));
      probe.get(`${GUARDED_PREFIX}/probe`, async () => ({ read: true }));
      adminToken = (await loginAs(probe, admin.login, DEMO_PASSWORD)).session.access_token;
      userToken = (await loginAs(probe, operador.login, DEMO_PASSWORD)).session.access_token;
    });
    afterAll(() => probe.close());

    const call = (app: FastifyInstance, method: string, url: string, token?: string, payload?: unknown) =>
      app.inject({
        method: method as 'POST',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('lets an admin write and a user read; a user who writes gets 403 FORBIDDEN', async () => {
      expect((await call(probe, 'POST', `${GUARDED_PREFIX}/probe`, adminToken)).json()).toEqual({ written: true });
      expect((await call(probe, 'GET', `${GUARDED_PREFIX}/probe`, userToken)).json()).toEqual({ read: true });
      const refused = await call(probe, 'POST', `${GUARDED_PREFIX}/probe`, userToken);
      expectErrorShape(refused, 403, 'FORBIDDEN');
      expectErrorShape(await call(probe, 'POST', `${GUARDED_PREFIX}/probe`), 401, 'UNAUTHORIZED');
    });

    it('answers 403 to a user on every write route of /api/sense, before looking at the body', async () => {
      // But the massive threshold save: the operador's level (operacion) tunes thresholds (issue 32, tenancy-writes.test.ts).
      const writes = context.app.routeCatalogue.filter(
        (route) =>
          route.url.startsWith(`${GUARDED_PREFIX}/`) && WRITE_METHODS.has(route.method) && !route.writesNothing && route.url !== `${GUARDED_PREFIX}/umbral/massive`,
      );
      // Only the live stream's ticket is let through (live.test.ts): nothing else writes nothing.
      expect(context.app.routeCatalogue.filter((route) => route.writesNothing).map((route) => route.url)).toEqual(['/api/sense/stream/ticket']);
      for (const route of writes) {
        const url = route.url.replace(':table', 'pais').replace(/:[A-Za-z]+/g, '1');
        for (const payload of [{ pais: 'Chile', paisabrev: 'CL' }, { basura: true }, 'no-json']) {
          const response = await call(context.app, route.method, url, userToken, payload);
          expect(response.statusCode, `${route.method} ${url}`).toBe(403);
          expect(response.json<ApiErrorBody>().error.code).toBe('FORBIDDEN');
        }
      }
    });
  });

  describe('user passwords (the usuario write path)', () => {
    let adminToken: string;
    beforeAll(async () => {
      adminToken = (await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token;
    });
    const createUser = (payload: object) =>
      context.app.inject({
        method: 'POST',
        url: '/api/sense/usuario',
        headers: { authorization: `Bearer ${adminToken}` },
        payload,
      });

    it('refuses a password under 10 characters or equal to the e-mail (weak password)', async () => {
      const short = await createUser({ login: 'nueva@camposense.dev', firstname: 'N', lastname: 'U', rol: 'user', password: 'corta123' });
      expectErrorShape(short, 400, 'VALIDATION');
      expect(short.json<ApiErrorBody>().error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'password', rule: 'weakPassword' })]),
      );
      const sameAsEmail = await createUser({ login: 'larga.direccion@camposense.dev', rol: 'user', password: 'Larga.Direccion@camposense.dev' });
      expectErrorShape(sameAsEmail, 400, 'VALIDATION');
      const missing = await createUser({ login: 'sin.clave@camposense.dev', rol: 'user' });
      expectErrorShape(missing, 400, 'VALIDATION');
    });

    it('hashes an acceptable password on the way in and never answers the hash', async () => {
      const password = 'Riego-por-goteo-2026';
      const created = await createUser({ login: 'agronoma@camposense.dev', firstname: 'Inés', lastname: 'Agro', rol: 'user', password });
      expect(created.statusCode).toBe(201);
      expect(created.body).not.toContain('password');
      expect(created.body).not.toContain('$argon2');
      const stored = await context.database.query<{ password_hash: string }>(
        sql`select password_hash from sense.usuario where login = 'agronoma@camposense.dev'`,
      );
      expect(stored[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect((await loginOn(context.app, 'agronoma@camposense.dev', password, '198.51.100.90')).statusCode).toBe(200);
    });
  });

  describe('logs and error answers', () => {
    it('never log passwords, tokens, hashes or cookies (trace level, whole sign-in cycle)', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = await buildApp({
        database: context.database,
        jwtSecret: TEST_JWT_SECRET,
        logger: { level: 'trace', stream },
      });
      try {
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.login, password: DEMO_PASSWORD },
        });
        const { session } = signedIn.json<LoginSuccess>();
        const refreshed = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          cookies: { [REFRESH_COOKIE]: session.refresh_token },
        });
        const next = refreshed.json<Session>();
        await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: session.refresh_token } });
        await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${next.access_token}` } });
        await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.login, password: 'Otra-Clave-Mala-1' } });
        const loggedOut = await app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refresh_token: next.refresh_token },
          headers: { authorization: `Bearer ${next.access_token}`, cookie: `${REFRESH_COOKIE}=${next.refresh_token}` },
        });
        expect(loggedOut.statusCode).toBe(204);
        const hashes = await context.database.query<{ password_hash: string }>(
          sql`select password_hash from sense.usuario where login = ${admin.login}`,
        );

        const logged = lines.join('');
        expect(logged.length).toBeGreaterThan(0);
        for (const secret of [
          DEMO_PASSWORD,
          'Otra-Clave-Mala-1',
          session.access_token,
          session.refresh_token,
          next.access_token,
          next.refresh_token,
          hashRefreshToken(session.refresh_token),
          hashRefreshToken(next.refresh_token),
          hashes[0]!.password_hash,
        ]) {
          expect(logged).not.toContain(secret);
        }
      } finally {
        await app.close();
      }
    });

    it('answer a failing query as 500 INTERNAL without SQL, stack or driver text', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, logger: { level: 'error', stream } });
      const { session } = await loginAs(app, admin.login, DEMO_PASSWORD);
      // Break the schema under the running app: the next refresh's UPDATE hits a missing column.
      await context.database.query(sql`alter table sense.sesion rename column used_at to usado_en`);
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: session.refresh_token },
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
        for (const leak of ['sesion', 'used_at', 'update', 'select', 'column', ' at ', '.ts', 'params']) {
          expect(response.body.toLowerCase()).not.toContain(leak);
        }
        // The server log keeps the SQLSTATE for whoever investigates, but not the parameters.
        const logged = lines.join('');
        expect(logged).toContain('42703');
        expect(logged).not.toContain(hashRefreshToken(session.refresh_token));
      } finally {
        await context.database.query(sql`alter table sense.sesion rename column usado_en to used_at`);
        await app.close();
      }
    });

    it('answer 413 PAYLOAD_TOO_LARGE above the body limit, on any route', async () => {
      const { session } = await loginAs(context.app, admin.login, DEMO_PASSWORD);
      const big = { refresh_token: 'x'.repeat(2 * 1024 * 1024) };
      for (const url of ['/api/auth/login', '/api/auth/refresh', '/api/auth/logout', '/api/sense/pais']) {
        const headers = { authorization: `Bearer ${session.access_token}` };
        const response = await context.app.inject({ method: 'POST', url, payload: big, headers });
        expect(response.statusCode, url).toBe(413);
        expect(response.json<ApiErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    });
  });
});
