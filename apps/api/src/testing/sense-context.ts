import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import type { Database } from '@camposense/db';
import type { TestDriver } from '@camposense/db/testing';
import type { ApiErrorBody } from '@camposense/domain';
import type { SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { HeavyReadBudget } from '../sense/streaming';
import { seedTestFarm, TEST_FARM_NOW } from './sense-farm';
import { closeTestApp, loginAs, openTestApp } from './test-app';
import type { TestContext } from './test-app';

/** A migrated database with the demo users and a small generated farm, an app over it, and a token. */
export interface SenseContext extends TestContext {
  bearer: string;
  adminId: number;
  /** The farm's "now": its readings end here. */
  now: Date;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  send(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Bare SQL on the same database, for the expected answers. */
  query<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]>;
}

/**
 * `readCacheMs` is 0 unless given: these tests arrange state with bare SQL behind the API's back,
 * which the read cache would see only after its time to live (read-cache.test.ts in modules/tables
 * tests it on).
 */
export async function openSenseContext(
  driver: TestDriver,
  { readCacheMs = 0, heavyReads, now }: { readCacheMs?: number; heavyReads?: HeavyReadBudget; now?: () => Date } = {},
): Promise<SenseContext> {
  const context = await openTestApp(driver, { readCacheMs, heavyReads, ...(now ? { now } : {}), seed: { name: 'test_farm', run: seedTestFarm } });
  const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
  const login = await loginAs(context.app, admin.login, DEMO_PASSWORD);
  const bearer = `Bearer ${login.session.access_token}`;
  const { app, database } = context;
  return {
    ...context,
    bearer,
    adminId: login.user.id,
    now: TEST_FARM_NOW,
    get: (url, headers = { authorization: bearer }) => app.inject({ method: 'GET', url, headers }),
    send: (method, url, payload) =>
      app.inject({ method, url, headers: { authorization: bearer }, ...(payload === undefined ? {} : { payload: payload as string }) }),
    query: <Row>(statement: SQL) => (database as Database).query<Row>(statement),
  };
}

export const closeSenseContext = (context: SenseContext | undefined) => closeTestApp(context);

/** The error body of a response, asserting it has the api.md shape. */
export function errorOf(response: LightMyRequestResponse): ApiErrorBody['error'] {
  return response.json<ApiErrorBody>().error;
}
