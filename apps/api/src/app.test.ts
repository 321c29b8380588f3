import { DEMO_PASSWORD, DEMO_USERS, appDb, usuario } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { ApiErrorBody } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, loginAs, openTestApp } from './testing/test-app';
import type { TestContext } from './testing/test-app';

const admin = DEMO_USERS[0]!;

describe.each(testDrivers())('app on $kind', (driver) => {
  let context: TestContext;
  let bearer: string;
  beforeAll(async () => {
    context = await openTestApp(driver);
    // Routes that exist only in this test, to reach the error handler's database and 500 paths.
    context.app.post('/api/test/duplicate', async () => {
      await appDb(context.database).insert(usuario).values({ login: admin.login, password_hash: 'x' });
    });
    context.app.get('/api/test/boom', async () => {
      // 42P01 (undefined table) is not mapped: drizzle's error message carries this SQL.
      await context.database.query(sql`select password_hash from sense.tabla_inexistente`);
    });
    bearer = `Bearer ${(await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token}`;
  });
  afterAll(() => closeTestApp(context));

  it('GET /api/health answers ok and the driver', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: driver.kind });
  });

  it('GET /api/sense/detect needs a token, then answers available', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/sense/detect' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ApiErrorBody>().error.code).toBe('UNAUTHORIZED');

    const response = await context.app.inject({ method: 'GET', url: '/api/sense/detect', headers: { authorization: bearer } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: true });
  });

  it('answers 404 NOT_FOUND in the error shape for an unknown /api route', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/auth/nope'], ['GET', '/api/auth/login']] as const) {
      const response = await context.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('maps a unique violation to 409 DUPLICATE naming the column', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'DUPLICATE', message: expect.any(String), details: [{ field: 'login', rule: 'unique' }] },
    });
    expect(response.body).not.toContain(admin.login);
  });

  it('answers 500 INTERNAL without SQL, stack or secrets', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
    expect(response.body).not.toMatch(/select|sense|password|at /i);
  });

  it('publishes the OpenAPI document from the route schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/health', '/api/sense/detect']),
    );
    expect(document.components.schemas).toHaveProperty('ApiError');
  });

  it('answers ids as JSON numbers', async () => {
    const { user } = await loginAs(context.app, admin.login, DEMO_PASSWORD);
    expect(Number.isInteger(user.id)).toBe(true);
  });
});

describe.each(testDrivers())('detect before migrating on $kind', (driver) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver, { migrate: false });
  });
  afterAll(() => closeTestApp(context));

  it('answers available: false with an error', async () => {
    // No users exist yet, so sign a token directly: detect must not depend on the schema it checks.
    const { signAccessToken } = await import('./modules/auth/tokens');
    const { TEST_JWT_SECRET } = await import('./testing/test-app');
    const token = await signAccessToken(
      { id: 1, email: 'a@camposense.dev', user_metadata: { firstname: null, lastname: null, rol: 'user' } },
      TEST_JWT_SECRET,
      Math.floor(Date.now() / 1000),
    );
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/sense/detect',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: false, error: expect.any(String) });
  });
});
