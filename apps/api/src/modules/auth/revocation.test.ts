/**
 * Issue 10, item 4: a removed, demoted or deactivated admin must not keep writing with the access
 * token they already hold, and a change of role, status or password ends their sessions.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { LoginSuccess } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, loginAs, openTestApp, TEST_JWT_SECRET } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const STRONG_PASSWORD = 'Riego-por-goteo 2026';

describe.each(testDrivers())('revoked rights on $kind', (driver) => {
  let context: TestContext;
  let boss: LoginSuccess;
  let created = 0;
  beforeAll(async () => {
    context = await openTestApp(driver);
    boss = await loginAs(context.app, admin.login, DEMO_PASSWORD);
  });
  afterAll(() => closeTestApp(context));

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, bearer: string, payload?: object) =>
    context.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(payload ? { payload } : {}) });

  /** A second admin, signed in: the one whose rights are taken away. */
  async function secondAdmin(): Promise<{ id: number; session: LoginSuccess['session'] }> {
    created += 1;
    const login = `segundo${created}@camposense.dev`;
    const response = await request('POST', '/api/sense/usuario', boss.session.access_token, {
      login,
      password: STRONG_PASSWORD,
      rol: 'admin',
      firstname: 'Segundo',
    });
    expect(response.statusCode, response.body).toBe(201);
    const signedIn = await loginAs(context.app, login, STRONG_PASSWORD);
    return { id: signedIn.user.id, session: signedIn.session };
  }

  const refresh = (refreshToken: string) =>
    context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });

  it('a demoted admin cannot promote itself back with its old access token, nor refresh', async () => {
    const other = await secondAdmin();
    expect((await request('PUT', `/api/sense/usuario/${other.id}`, boss.session.access_token, { rol: 'user' })).statusCode).toBe(200);

    // The demotion closed its sessions: 401 (and were the session open, its role would answer 403).
    const again = await request('PUT', `/api/sense/usuario/${other.id}`, other.session.access_token, { rol: 'admin' });
    expect(again.statusCode).toBe(401);
    const created = await request('POST', '/api/sense/pais', other.session.access_token, { pais: 'Intruso', paisabrev: 'IN' });
    expect(created.statusCode).toBe(401);
    const [stored] = await context.database.query<{ rol: string }>(sql`select rol from sense.usuario where usuarioid = ${other.id}`);
    expect(stored?.rol).toBe('user');
    expect((await refresh(other.session.refresh_token)).statusCode).toBe(401);
    // Reads ask the account too since issue 32 (they need its grant): a closed session reads nothing.
    expect((await request('GET', '/api/sense/paises', other.session.access_token)).statusCode).toBe(401);
  });

  it('a deactivated admin cannot write, and a deleted one cannot create an admin', async () => {
    const deactivated = await secondAdmin();
    expect((await request('PUT', `/api/sense/usuario/${deactivated.id}`, boss.session.access_token, { statusid: 0 })).statusCode).toBe(200);
    const write = await request('POST', '/api/sense/pais', deactivated.session.access_token, { pais: 'Inactivo', paisabrev: 'IA' });
    expect(write.statusCode).toBe(401);
    expect((await refresh(deactivated.session.refresh_token)).statusCode).toBe(401);

    const deleted = await secondAdmin();
    expect((await request('DELETE', `/api/sense/usuario/${deleted.id}`, boss.session.access_token)).statusCode).toBe(204);
    const newAdmin = await request('POST', '/api/sense/usuario', deleted.session.access_token, {
      login: 'puerta.trasera@camposense.dev',
      password: STRONG_PASSWORD,
      rol: 'admin',
    });
    expect(newAdmin.statusCode).toBe(401);
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'puerta.trasera@camposense.dev', password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('a password change ends the user’s sessions, but not the session of an admin changing their own', async () => {
    const other = await secondAdmin();
    expect(
      (await request('PUT', `/api/sense/usuario/${other.id}`, boss.session.access_token, { password: 'Otra clave de campo 7' })).statusCode,
    ).toBe(200);
    expect((await request('POST', '/api/sense/pais', other.session.access_token, { pais: 'Robado', paisabrev: 'RB' })).statusCode).toBe(401);
    expect((await refresh(other.session.refresh_token)).statusCode).toBe(401);

    const self = await secondAdmin();
    const elsewhere = await loginAs(context.app, `segundo${created}@camposense.dev`, STRONG_PASSWORD);
    expect((await request('PUT', `/api/sense/usuario/${self.id}`, self.session.access_token, { password: 'Mi nueva clave 2026!' })).statusCode).toBe(200);
    expect((await request('PUT', `/api/sense/usuario/${self.id}`, self.session.access_token, { firstname: 'Sigo' })).statusCode).toBe(200);
    expect((await refresh(self.session.refresh_token)).statusCode).toBe(200);
    expect((await refresh(elsewhere.session.refresh_token)).statusCode).toBe(401);
  });

  it('a demoted admin whose session is somehow still open gets 403 from the role the database holds', async () => {
    const other = await secondAdmin();
    // A change made outside the API (bare SQL, another instance): no session revoked, no cache dropped.
    await context.database.query(sql`update sense.usuario set rol = 'user' where usuarioid = ${other.id}`);
    context.app.accountStatus.invalidate(other.id);
    const write = await request('POST', '/api/sense/pais', other.session.access_token, { pais: 'Degradado', paisabrev: 'DG' });
    expect(write.statusCode).toBe(403);
  });

  it('a logged-out session stops writing at once', async () => {
    const other = await secondAdmin();
    const logout = await context.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: other.session.refresh_token } });
    expect(logout.statusCode).toBe(204);
    expect((await request('POST', '/api/sense/pais', other.session.access_token, { pais: 'Cerrada', paisabrev: 'CE' })).statusCode).toBe(401);
  });

  it('saving a user without changing role, status or password keeps their sessions', async () => {
    const other = await secondAdmin();
    expect(
      (await request('PUT', `/api/sense/usuario/${other.id}`, boss.session.access_token, { rol: 'admin', statusid: 1, lastname: 'Igual' })).statusCode,
    ).toBe(200);
    expect((await refresh(other.session.refresh_token)).statusCode).toBe(200);
  });

  it('refuses tokens without exp, iat or sub, and tokens issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const build = (omit: 'exp' | 'iat' | 'sub' | 'future') => {
      let jwt = new SignJWT({ email: admin.login, rol: 'admin', sid: 'x' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('camposense')
        .setAudience('camposense-console');
      if (omit !== 'sub') jwt = jwt.setSubject(String(boss.user.id));
      if (omit !== 'iat') jwt = jwt.setIssuedAt(omit === 'future' ? now + 3600 : now);
      if (omit !== 'exp') jwt = jwt.setExpirationTime(now + 7200);
      return jwt.sign(TEST_JWT_SECRET);
    };
    for (const omit of ['exp', 'iat', 'sub', 'future'] as const) {
      const response = await request('GET', '/api/auth/me', await build(omit));
      expect(response.statusCode, omit).toBe(401);
    }
  });
});
