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

/** A fresh database of `driver`, migrated and with the demo users, and an app over it. */
export async function openTestApp(
  driver: TestDriver,
  options: Partial<Omit<BuildAppOptions, 'database'>> & { migrate?: boolean } = {},
): Promise<TestContext> {
  const database = await driver.open();
  if (options.migrate !== false) {
    await prepareDatabase(database);
    await seedDemoUsers(database);
  }
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
