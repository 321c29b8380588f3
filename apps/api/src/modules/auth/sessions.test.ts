import { appDb, DEMO_PASSWORD, DEMO_USERS, sesion, usuario } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { ApiErrorBody, LoginSuccess, Session } from '@camposense/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { closeTestApp, openTestApp, TEST_JWT_SECRET } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';
import { REFRESH_COOKIE } from './routes';
import { REFRESH_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './sessions';
import { ACCESS_TOKEN_TTL_SECONDS, hashRefreshToken } from './tokens';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const operador = DEMO_USERS.find((user) => user.rol === 'user')!;

/** The refresh cookie a response sets, with its attributes. */
function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

describe.each(testDrivers())('sessions on $kind', (driver) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver);
  });
  afterAll(() => closeTestApp(context));

  const login = async (email = admin.login, headers: Record<string, string> = {}) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
      headers,
    });
    expect(response.statusCode).toBe(200);
    return { response, body: response.json<LoginSuccess>() };
  };
  const refreshWithBody = (token: string) =>
    context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
  const refreshWithCookie = (token: string) =>
    context.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: token } });
  const me = (accessToken: string) =>
    context.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  const expectUnauthorized = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiErrorBody>().error).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  };
  const storedRows = () => appDb(context.database).select().from(sesion);

  it('stores only the hash of the refresh token, with a week of life', async () => {
    const before = Date.now();
    const { body } = await login();
    const token = body.session.refresh_token;
    const rows = await storedRows();
    const row = rows.find((candidate) => candidate.token_hash === hashRefreshToken(token));
    expect(row).toBeDefined();
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row!.usuarioid).toBe(body.user.id);
    expect(row!.padreid).toBeNull();
    const lifetime = row!.expires_at.getTime() - before;
    expect(lifetime).toBeGreaterThan((REFRESH_TOKEN_TTL_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual((REFRESH_TOKEN_TTL_SECONDS + 5) * 1000);
  });

  it('sets the refresh token as an httpOnly, SameSite=Strict cookie scoped to /api/auth', async () => {
    const { response, body } = await login();
    const cookie = refreshCookie(response);
    expect(cookie).toMatchObject({
      value: body.session.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    // Plain http here (inject): Secure would make the browser drop the cookie.
    expect(cookie!.secure).toBeFalsy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the client came over https through a trusted proxy', async () => {
    // A second app over the same (migrated) database, told to trust X-Forwarded-*.
    const app = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, trustProxy: true });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.login, password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(refreshCookie(response)?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await app.close();
    }
  });

  it('rotates: a refresh answers a new session and the old token stops working', async () => {
    const { body } = await login();
    const first = body.session.refresh_token;
    const response = await refreshWithBody(first);
    expect(response.statusCode).toBe(200);
    const next = response.json<Session>();
    expect(next).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expect.any(Number),
      user: body.user,
    });
    expect(next.refresh_token).not.toBe(first);
    expect(refreshCookie(response)?.value).toBe(next.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);

    const [oldRow] = await appDb(context.database).select().from(sesion).where(eq(sesion.token_hash, hashRefreshToken(first)));
    const [newRow] = await appDb(context.database)
      .select()
      .from(sesion)
      .where(eq(sesion.token_hash, hashRefreshToken(next.refresh_token)));
    expect(oldRow!.used_at).not.toBeNull();
    expect(newRow!.padreid).toBe(oldRow!.sesionid);
    expect(newRow!.familia).toBe(oldRow!.familia);
  });

  it('accepts the token from the cookie alone (the browser sends no body)', async () => {
    const { body } = await login();
    const response = await refreshWithCookie(body.session.refresh_token);
    expect(response.statusCode).toBe(200);
    expect(response.json<Session>().user.email).toBe(admin.login);
  });

  it('keeps a session alive through a working day of rotations', async () => {
    const { body } = await login(operador.login);
    let token = body.session.refresh_token;
    // A day of 15-minute access tokens is 32 refreshes (8 hours); every one must rotate cleanly.
    for (let round = 0; round < 32; round += 1) {
      const response = await refreshWithCookie(token);
      expect(response.statusCode, `round ${round}`).toBe(200);
      const next = response.json<Session>();
      expect(next.refresh_token).not.toBe(token);
      token = refreshCookie(response)!.value;
      expect(token).toBe(next.refresh_token);
    }
    expect((await refreshWithCookie(token)).statusCode).toBe(200);
  });

  /** Moves a spent token's use back in time, past the grace window. */
  const ageUse = (token: string) =>
    appDb(context.database)
      .update(sesion)
      .set({ used_at: new Date(Date.now() - (REFRESH_GRACE_SECONDS + 1) * 1000) })
      .where(eq(sesion.token_hash, hashRefreshToken(token)));

  it('revokes the whole session when a used token comes back after the grace window (theft noticed)', async () => {
    const { body } = await login();
    const stolen = body.session.refresh_token;
    const legit = (await refreshWithBody(stolen)).json<Session>();
    await ageUse(stolen);

    const replay = await refreshWithBody(stolen);
    expectUnauthorized(replay);
    expect(refreshCookie(replay)?.value).toBe('');
    // The legitimate holder's newer token died with the session.
    expectUnauthorized(await refreshWithBody(legit.refresh_token));
    const family = await appDb(context.database)
      .select()
      .from(sesion)
      .where(eq(sesion.token_hash, hashRefreshToken(legit.refresh_token)));
    expect(family[0]!.revoked_at).not.toBeNull();
  });

  it('answers eight parallel refreshes with one token the same successor, and keeps the session (grace window)', async () => {
    const { body } = await login();
    const token = body.session.refresh_token;
    const answers = await Promise.all(Array.from({ length: 8 }, () => refreshWithBody(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const successors = new Set(answers.map((answer) => answer.json<Session>().refresh_token));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(token);
    expect(new Set(answers.map((answer) => refreshCookie(answer)?.value))).toEqual(successors);
    // One spend, one successor row: the others were answered, not issued.
    const family = await appDb(context.database)
      .select()
      .from(sesion)
      .where(eq(sesion.token_hash, hashRefreshToken(successor!)));
    const rows = (await storedRows()).filter((row) => row.familia === family[0]!.familia);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at === null)).toBe(true);
    // The successor goes on working; once it is spent, the first token no longer answers it.
    const next = await refreshWithBody(successor!);
    expect(next.statusCode).toBe(200);
    expect((await refreshWithBody(token)).statusCode).toBe(401);
  });

  it('revokes the session when a token comes back after the window, even after the grace answers', async () => {
    const { body } = await login();
    const token = body.session.refresh_token;
    const first = (await refreshWithBody(token)).json<Session>();
    expect((await refreshWithBody(token)).json<Session>().refresh_token).toBe(first.refresh_token);
    await ageUse(token);
    expectUnauthorized(await refreshWithBody(token));
    expectUnauthorized(await refreshWithBody(first.refresh_token));
  });

  it('answers 401 for a missing, unknown, expired or over-long token', async () => {
    expectUnauthorized(await context.app.inject({ method: 'POST', url: '/api/auth/refresh' }));
    expectUnauthorized(await context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} }));
    expectUnauthorized(await refreshWithBody('a'.repeat(43)));
    expectUnauthorized(await refreshWithCookie('x'.repeat(10_000)));

    const { body } = await login();
    await appDb(context.database)
      .update(sesion)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sesion.token_hash, hashRefreshToken(body.session.refresh_token)));
    expectUnauthorized(await refreshWithBody(body.session.refresh_token));
  });

  it('answers 400 VALIDATION for a refresh body of the wrong shape', async () => {
    for (const payload of [{ refresh_token: 42 }, { refresh_token: 'x', extra: true }, { refresh_token: 'x'.repeat(300) }]) {
      const response = await context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().error.code).toBe('VALIDATION');
    }
  });

  it('refuses to refresh for a user who was deactivated, and reads a changed role', async () => {
    const { body } = await login(operador.login);
    await appDb(context.database).update(usuario).set({ rol: 'admin' }).where(eq(usuario.login, operador.login));
    const promoted = await refreshWithBody(body.session.refresh_token);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<Session>().user.user_metadata.rol).toBe('admin');

    await appDb(context.database).update(usuario).set({ statusid: 0, rol: 'user' }).where(eq(usuario.login, operador.login));
    try {
      expectUnauthorized(await refreshWithBody(promoted.json<Session>().refresh_token));
    } finally {
      await appDb(context.database).update(usuario).set({ statusid: 1 }).where(eq(usuario.login, operador.login));
    }
  });

  describe('POST /api/auth/logout', () => {
    it('answers 204, clears the cookie and revokes the session (cookie)', async () => {
      const { body } = await login();
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH_COOKIE]: body.session.refresh_token },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cleared = refreshCookie(response);
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api/auth');
      expectUnauthorized(await refreshWithBody(body.session.refresh_token));
    });

    it('revokes the session named by the body token or by the access token', async () => {
      const byBody = (await login()).body.session;
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refresh_token: byBody.refresh_token },
      });
      expect(response.statusCode).toBe(204);
      expectUnauthorized(await refreshWithBody(byBody.refresh_token));

      const byBearer = (await login()).body.session;
      const rotated = (await refreshWithBody(byBearer.refresh_token)).json<Session>();
      const bearerLogout = await context.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${byBearer.access_token}` },
      });
      expect(bearerLogout.statusCode).toBe(204);
      expectUnauthorized(await refreshWithBody(rotated.refresh_token));
    });

    it('leaves the user’s other sessions alone and is idempotent', async () => {
      const laptop = (await login()).body.session;
      const phone = (await login()).body.session;
      const logout = () =>
        context.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: laptop.refresh_token } });
      expect((await logout()).statusCode).toBe(204);
      expect((await logout()).statusCode).toBe(204);
      expect((await context.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
      expect((await refreshWithBody(phone.refresh_token)).statusCode).toBe(200);
    });
  });

  it('deletes a user’s sessions with the user', async () => {
    const [created] = await appDb(context.database)
      .insert(usuario)
      .values({ login: 'temporal@camposense.dev', password_hash: 'x' })
      .returning();
    await appDb(context.database)
      .insert(sesion)
      .values({ usuarioid: created!.usuarioid, familia: 'f', token_hash: 'h'.repeat(64), expires_at: new Date() });
    await appDb(context.database).delete(usuario).where(eq(usuario.usuarioid, created!.usuarioid));
    const left = await context.database.query<{ count: number }>(
      sql`select count(*)::int as count from sense.sesion where usuarioid = ${created!.usuarioid}`,
    );
    expect(left[0]?.count).toBe(0);
  });
});
