import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';
import { runAsOwner } from './tenant-scope';

/** The folder drizzle-kit writes to; resolved from this file so any working directory works. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Drizzle's bookkeeping stays in its default schema `drizzle` (table `__drizzle_migrations`),
 * outside `sense`: the first migration creates `sense` itself with a plain CREATE SCHEMA.
 */
export const MIGRATIONS_SCHEMA = 'drizzle';
export const MIGRATIONS_TABLE = '__drizzle_migrations';

export interface MigrateResult {
  /** True when `sense` held no tables before: a brand-new database. */
  created: boolean;
  /** How many migrations this call applied. */
  applied: number;
}

async function tableExists(database: Database, qualifiedName: string): Promise<boolean> {
  const rows = await database.query<{ exists: boolean }>(
    sql`select to_regclass(${qualifiedName}) is not null as "exists"`,
  );
  return rows[0]?.exists === true;
}

async function appliedCount(database: Database): Promise<number> {
  if (!(await tableExists(database, `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`))) return 0;
  const rows = await database.query<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  return rows[0]?.count ?? 0;
}

/** Applies the pending migrations of MIGRATIONS_FOLDER; running it again changes nothing. */
export async function migrate(database: Database): Promise<MigrateResult> {
  const created = !(await tableExists(database, 'sense.usuario'));
  const before = await appliedCount(database);
  const config = {
    migrationsFolder: MIGRATIONS_FOLDER,
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  };
  if (database.kind === 'pglite') {
    await migratePglite(database.db, config);
  } else {
    await migratePostgres(database.db, config);
  }
  const after = await appliedCount(database);
  return { created, applied: after - before };
}

export type SchemaStatus = { available: true } | { available: false; error: string };

/**
 * When the folder's newest migration was written (drizzle's `folderMillis`), or null when it has none.
 * Read once: the folder is part of the build, and reading and hashing every file on each readiness
 * check held the event loop for every request behind it.
 */
let latestMigrationMillis: number | null | undefined;
function latestMigration(): number | null {
  latestMigrationMillis ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).at(-1)?.folderMillis ?? null;
  return latestMigrationMillis;
}

/** Whether `sense` exists and every migration of the folder has been applied. */
export async function schemaStatus(database: Database): Promise<SchemaStatus> {
  // The installation's state, not a company's rows: a tenant's role may not read the migrations'
  // schema, and answering it "not migrated" emptied every list of a non-admin console (issue 32).
  return runAsOwner(() => installedSchemaStatus(database));
}

async function installedSchemaStatus(database: Database): Promise<SchemaStatus> {
  const [found] = await database.query<{ present: boolean; tracked: boolean }>(
    sql`select exists (select 1 from pg_namespace where nspname = 'sense') as present,
               to_regclass(${`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`}) is not null as tracked`,
  );
  if (found?.present !== true) {
    return { available: false, error: 'El esquema sense no existe' };
  }
  const latest = latestMigration();
  if (latest === null) return { available: true };
  if (found.tracked !== true) {
    return { available: false, error: 'El esquema sense no está migrado' };
  }
  const rows = await database.query<{ last: number | null }>(
    sql`select max(created_at) as last from ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const last = rows[0]?.last ?? null;
  if (last === null || Number(last) < latest) {
    return { available: false, error: 'El esquema sense tiene migraciones pendientes' };
  }
  return { available: true };
}
