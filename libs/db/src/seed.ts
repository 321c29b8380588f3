import { appDb, MEMORY_DATA_DIR } from './client';
import type { Database } from './client';
import { maintainMeasurementPartitions, partitionMeasurementTable } from './partitions';
import { migrate } from './migrate';
import type { MigrateResult } from './migrate';
import { hashPassword } from './password';
import { usuario } from './schema/index';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-users';
import { createTerminalProgress } from './demo/progress';
import { seedDemoFarm } from './demo/seed-demo-farm';
import type { DemoFarmOptions, DemoFarmResult } from './demo/seed-demo-farm';

export { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-users';

/** Creates the demo users that do not exist yet; answers the logins it created. */
export async function seedDemoUsers(database: Database): Promise<string[]> {
  const rows = await Promise.all(
    DEMO_USERS.map(async (user) => ({ ...user, password_hash: await hashPassword(DEMO_PASSWORD) })),
  );
  const created = await appDb(database)
    .insert(usuario)
    .values(rows)
    .onConflictDoNothing({ target: usuario.login })
    .returning({ login: usuario.login });
  return created.map((row) => row.login);
}

export interface PrepareOptions {
  /** Seed the demo users and the demo farm whatever the database. */
  demo?: boolean;
  /** The farm's seed, days and clock (seedDemoFarm's defaults otherwise). */
  farm?: Omit<DemoFarmOptions, 'onProgress'>;
  /** Draw a progress bar on stdout while the farm is written. @default process.stdout.isTTY */
  progress?: boolean;
}

export interface PrepareResult extends MigrateResult {
  /** The demo users created by this call. */
  seeded: string[];
  /** The demo farm when this call wrote it or found it, else null (not asked for). */
  farm: DemoFarmResult | null;
}

/**
 * Migrates, then seeds the demo users and the demo farm when asked to or when the database is a
 * brand-new embedded one kept on disk: a first `npm start` can sign in and every screen has data,
 * while a PostgreSQL server never gets demo data unasked. An in-memory PGlite (`memory://`) is a
 * test database: it gets the demo users but not the farm (tests write a small farm themselves).
 */
export async function prepareDatabase(database: Database, options: PrepareOptions = {}): Promise<PrepareResult> {
  const migration = await migrate(database);
  // PostgreSQL only (PGlite keeps the plain table): months ahead exist before any reading arrives.
  await partitionMeasurementTable(database);
  await maintainMeasurementPartitions(database);
  const newEmbedded = database.kind === 'pglite' && migration.created;
  const seedUsers = options.demo === true || newEmbedded;
  const seedFarm = options.demo === true || (newEmbedded && !database.dataDir.startsWith(MEMORY_DATA_DIR));
  const seeded = seedUsers ? await seedDemoUsers(database) : [];
  let farm: DemoFarmResult | null = null;
  if (seedFarm) {
    const bar = (options.progress ?? process.stdout.isTTY === true) ? createTerminalProgress() : null;
    try {
      farm = await seedDemoFarm(database, { ...options.farm, onProgress: bar?.onProgress });
    } finally {
      bar?.stop();
    }
  }
  return { ...migration, seeded, farm };
}
