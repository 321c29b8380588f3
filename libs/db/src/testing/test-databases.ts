import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseKind } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, MEMORY_DATA_DIR } from '../client';
import type { Database } from '../client';
import { MIGRATIONS_SCHEMA } from '../migrate';

export interface TestDriver {
  kind: DatabaseKind;
  /** A fresh, empty database (not migrated): call once per suite and close it afterwards. */
  open(): Promise<Database>;
  /**
   * A fresh database as `prepare` leaves an empty one. The first call of a test worker for `name`
   * runs `prepare` and keeps a copy of the result for the rest of the run (a PGlite data-folder
   * tarball, a PostgreSQL template database); later calls, from any file of that worker, start from
   * the copy: migrating and seeding were most of an API suite's set-up. `name` stands for one
   * `prepare` ([a-z0-9_]); without the run's snapshot folder (tools/vitest/api-snapshots.ts) every
   * call runs `prepare`.
   */
  openPrepared(name: string, prepare: (database: Database) => Promise<void>): Promise<Database>;
}

/**
 * The drivers the API suites run on: PGlite in memory always, PostgreSQL when TEST_DATABASE_URL
 * is set. Use with `describe.each(testDrivers())('... on $kind', ...)`.
 */
export function testDrivers(): TestDriver[] {
  const openPglite = () => createDatabase({ dataDir: MEMORY_DATA_DIR });
  const drivers: TestDriver[] = [
    {
      kind: 'pglite',
      open: openPglite,
      openPrepared: (name, prepare) => openPreparedPglite(name, prepare),
    },
  ];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    const openPostgres = async () => {
      const database = await createDatabase({ databaseUrl: url });
      await resetPostgres(database);
      return database;
    };
    drivers.push({
      kind: 'postgres',
      open: openPostgres,
      openPrepared: (name, prepare) => openPreparedPostgres(url, name, prepare),
    });
  }
  return drivers;
}

/** Drops `sense` and drizzle's bookkeeping, so the suite starts from nothing (repeatable runs). */
export async function resetPostgres(database: Database): Promise<void> {
  await database.query(sql`drop schema if exists sense cascade`);
  await database.query(sql`drop schema if exists ${sql.identifier(MIGRATIONS_SCHEMA)} cascade`);
}

const SNAPSHOT_NAME = /^[a-z0-9_]{1,30}$/;

/** This run's snapshot folder and this worker's number, or null when snapshots are off. */
function snapshotPlace(name: string): { folder: string; worker: string } | null {
  if (!SNAPSHOT_NAME.test(name)) throw new Error(`A test snapshot's name is [a-z0-9_]{1,30}: "${name}"`);
  const folder = inject('apiSnapshotDir');
  const worker = process.env['VITEST_POOL_ID'];
  return folder && worker ? { folder, worker } : null;
}

async function openPreparedPglite(name: string, prepare: (database: Database) => Promise<void>): Promise<Database> {
  const place = snapshotPlace(name);
  const file = place ? join(place.folder, `pglite-w${place.worker}-${name}.tar`) : null;
  if (file && existsSync(file)) {
    return createDatabase({ dataDir: MEMORY_DATA_DIR, loadDataDir: new Blob([readFileSync(file)]) });
  }
  const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  await prepare(database);
  if (file && database.kind === 'pglite') {
    const dump = await database.client.dumpDataDir('none');
    // Written aside and renamed: a worker killed mid-write leaves no half tarball to load.
    writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.part`, file);
  }
  return database;
}

async function openPreparedPostgres(url: string, name: string, prepare: (database: Database) => Promise<void>): Promise<Database> {
  const place = snapshotPlace(name);
  // The per-worker database (tools/vitest/api-worker-database.ts) is replaced whole, which needs a
  // connection to another database of the server: the one TEST_DATABASE_URL named before.
  const adminUrl = process.env['TEST_DATABASE_BASE_URL'];
  if (!place || !adminUrl) {
    const database = await createDatabase({ databaseUrl: url });
    await resetPostgres(database);
    await prepare(database);
    return database;
  }
  const workerUrl = new URL(url);
  const workerName = decodeURIComponent(workerUrl.pathname.replace(/^\//, ''));
  const templateName = `${workerName}_tpl_${name}`;
  const marker = join(place.folder, `postgres-${templateName}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (!existsSync(marker)) {
      // A template left by an earlier run may hold an older schema: this run builds its own.
      await admin.query(`drop database if exists ${pg.escapeIdentifier(templateName)} with (force)`);
      await admin.query(`create database ${pg.escapeIdentifier(templateName)}`);
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${encodeURIComponent(templateName)}`;
      const template = await createDatabase({ databaseUrl: templateUrl.toString() });
      try {
        await prepare(template);
      } finally {
        await template.close();
      }
      writeFileSync(marker, `${templateName}\n`);
    }
    // A connection a previous suite's server left open would block the drop: it is cut.
    await admin.query(`drop database if exists ${pg.escapeIdentifier(workerName)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(workerName)} template ${pg.escapeIdentifier(templateName)}`);
  } finally {
    await admin.end();
  }
  return createDatabase({ databaseUrl: url });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's prepared databases are kept (tools/vitest/api-snapshots.ts); unset outside the API project. */
    apiSnapshotDir: string | undefined;
  }
}
