import { prepareDatabase, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import type { TestDriver } from '@camposense/db/testing';
import type { LoginSuccess } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../app';

export const TEST_JWT_SECRET = new TextEncoder().encode('camposense-test-secret-0123456789abcdef');

export interface TestContext {
  database: Database;
  app: FastifyInstance;
}

/** What a suite's database holds beyond the migrated schema and the demo users; `name` stands for `run`. */
export interface TestSeed {
  name: string;
  run(database: Database): Promise<void>;
}

/**
 * A fresh database of `driver`, migrated and with the demo users (and `seed`), and an app over it;
 * `migrate: false` gives an empty database. The worker prepares each kind once and copies it.
 */
export async function openTestApp(
  driver: TestDriver,
  { migrate = true, seed, ...options }: Partial<Omit<BuildAppOptions, 'database'>> & { migrate?: boolean; seed?: TestSeed } = {},
): Promise<TestContext> {
  const database = migrate
    ? await driver.openPrepared(seed ? `users_${seed.name}` : 'users', async (fresh) => {
        await prepareDatabase(fresh);
        await seedDemoUsers(fresh);
        await seed?.run(fresh);
      })
    : await driver.open();
  const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, ...options });
  return { database, app };
}

export async function closeTestApp(context: TestContext | undefined): Promise<void> {
  // Nothing a test started is still under way here; a connection fetch's pool opened and never
  // used would otherwise hold close() for the server's header timeout (70 s in heavy-reads.test).
  const closing = context?.app.close();
  context?.app.server.closeAllConnections();
  await closing;
  await context?.database.close();
}

export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<LoginSuccess> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginSuccess>();
}
