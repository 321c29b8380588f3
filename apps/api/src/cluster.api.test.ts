import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { LoginSuccess, Session } from '@camposense/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilListening } from './testing/spawn-server';
import type { SpawnedServer } from './testing/spawn-server';

// Two real server processes (apps/api/src/main.ts) on one PostgreSQL with one JWT_SECRET: what
// `npm run start:cluster` runs behind HAProxy. PostgreSQL only: PGlite is one process.
const postgres = testDrivers().find((driver) => driver.kind === 'postgres');
const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;

describe.skipIf(!postgres)('two API instances on one PostgreSQL', () => {
  let database: Database;
  let first: SpawnedServer;
  let second: SpawnedServer;

  beforeAll(async () => {
    database = await postgres!.open();
    await prepareDatabase(database);
    await seedDemoUsers(database);
    const env = {
      DATABASE_URL: process.env['TEST_DATABASE_URL'],
      JWT_SECRET: randomBytes(32).toString('base64url'),
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      LOGIN_LIMIT_PER_EMAIL: '1000',
      CONSOLE_DIR: '/nonexistent',
    };
    [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
    await Promise.all([waitUntilListening(first), waitUntilListening(second)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
  });

  const login = async (server: SpawnedServer) => {
    const response = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.login, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as LoginSuccess;
  };
  const refresh = (server: SpawnedServer, token: string) =>
    fetch(`${server.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: token }),
    });
  const me = (server: SpawnedServer, accessToken: string) =>
    fetch(`${server.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });

  it('a session signed in on one is refreshed on the other, and its tokens work on both', async () => {
    const signedIn = await login(first);
    expect((await me(second, signedIn.session.access_token)).status).toBe(200);
    const refreshed = await refresh(second, signedIn.session.refresh_token);
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as Session;
    expect(rotated.refresh_token).not.toBe(signedIn.session.refresh_token);
    expect((await me(first, rotated.access_token)).status).toBe(200);
  });

  it('reuse of a rotated refresh token on one instance revokes the family on the other', async () => {
    const signedIn = await login(first);
    const rotated = (await (await refresh(second, signedIn.session.refresh_token)).json()) as Session;
    // The successor is spent too, so the old token is no longer inside its grace window's answer.
    const newest = (await (await refresh(second, rotated.refresh_token)).json()) as Session;
    // The old token again, on the instance that issued it: reuse.
    expect((await refresh(first, signedIn.session.refresh_token)).status).toBe(401);
    // The newest token of that family is dead on the other instance too.
    expect((await refresh(second, newest.refresh_token)).status).toBe(401);
  });

  it('shares the sign-in limit: wrong passwords on either instance add up to one backoff', async () => {
    const attempt = (server: SpawnedServer) =>
      fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'intruso@camposense.dev', password: 'una clave equivocada' }),
      });
    // Five free attempts of one (e-mail, address) pair, split across the instances: each saw
    // fewer than five, so per-process counts would let a sixth through on either.
    for (const server of [first, second, first, second, first]) expect((await attempt(server)).status).toBe(401);
    const sixth = await attempt(second);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('killing one mid-load loses no acknowledged write and the other keeps answering', async () => {
    // Sessions signed in one after another (concurrent sign-ins of one e-mail from one address
    // would meet the sign-in backoff, which is not what this test measures).
    const sessions: Session[] = [];
    for (let i = 0; i < 24; i += 1) sessions.push((await login(i % 2 === 0 ? first : second)).session);
    // Each refresh is a write (the session row rotates); send them to both while one is killed.
    const attempts = sessions.map((session, i) => ({ server: i % 2 === 0 ? first : second, session }));
    let answered = 0;
    const results = await Promise.all(
      attempts.map(async ({ server, session }) => {
        try {
          const response = await refresh(server, session.refresh_token);
          const body = response.status === 200 ? ((await response.json()) as Session) : null;
          // Killed without warning once a few have been answered, with the rest in flight.
          answered += 1;
          if (answered === 4) first.child.kill('SIGKILL');
          return body;
        } catch {
          return null; // The killed instance's connection broke: not acknowledged.
        }
      }),
    );
    await first.exited;
    const acknowledged = results.filter((result): result is Session => result !== null);
    // Every request sent to the surviving instance was answered.
    expect(results.filter((result, i) => attempts[i]!.server === second && result === null)).toEqual([]);
    // Every acknowledged rotation was written: the survivor refreshes each successor.
    for (const session of acknowledged) {
      expect((await refresh(second, session.refresh_token)).status).toBe(200);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    expect((await fetch(`${second.baseUrl}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});
