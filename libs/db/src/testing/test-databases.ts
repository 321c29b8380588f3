import type { DatabaseKind } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { createDatabase, MEMORY_DATA_DIR } from '../client';
import type { Database } from '../client';
import { MIGRATIONS_SCHEMA } from '../migrate';

export interface TestDriver {
  kind: DatabaseKind;
  /** A fresh, empty database (not migrated): call once per suite and close it afterwards. */
  open(): Promise<Database>;
}

/**
 * The drivers the API suites run on: PGlite in memory always, PostgreSQL when TEST_DATABASE_URL
 * is set. Use with `describe.each(testDrivers())('... on $kind', ...)`.
 */
export function testDrivers(): TestDriver[] {
  const drivers: TestDriver[] = [{ kind: 'pglite', open: () => createDatabase({ dataDir: MEMORY_DATA_DIR }) }];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    drivers.push({
      kind: 'postgres',
      async open() {
        const database = await createDatabase({ databaseUrl: url });
        await resetPostgres(database);
        return database;
      },
    });
  }
  return drivers;
}

/** Drops `sense` and drizzle's bookkeeping, so the suite starts from nothing (repeatable runs). */
export async function resetPostgres(database: Database): Promise<void> {
  await database.query(sql`drop schema if exists sense cascade`);
  await database.query(sql`drop schema if exists ${sql.identifier(MIGRATIONS_SCHEMA)} cascade`);
}
