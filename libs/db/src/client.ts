import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema/index';
import type { Schema } from './schema/index';
import { INT8_OID, NUMERIC_OID, parseNumber } from './type-parsers';

/** A data folder that lives only in memory, for tests. */
export const MEMORY_DATA_DIR = 'memory://';

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder (default `./data`, resolved against the working directory), or `memory://`. */
  dataDir?: string;
}

interface DatabaseBase {
  /** Raw SQL through drizzle's `sql` template (values become parameters); answers the rows. */
  query<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]>;
  close(): Promise<void>;
}

export interface PgliteDatabaseHandle extends DatabaseBase {
  kind: 'pglite';
  db: PgliteDatabase<Schema>;
  client: PGlite;
  /** The resolved data folder, or `memory://`. */
  dataDir: string;
}

export interface PostgresDatabaseHandle extends DatabaseBase {
  kind: 'postgres';
  db: NodePgDatabase<Schema>;
  pool: pg.Pool;
}

/** One open database; `kind` tells the driver. */
export type Database = PgliteDatabaseHandle | PostgresDatabaseHandle;

/** The drizzle query builder both drivers share; use it in code that must run on either. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

/** The shared query builder of either driver. */
export function appDb(database: Database): AppDb {
  return database.db;
}

let pgParsersSet = false;

function setPgTypeParsers(): void {
  // pg's parsers are process-wide; drizzle's node-postgres session falls back to them.
  if (pgParsersSet) return;
  pg.types.setTypeParser(INT8_OID, parseNumber);
  pg.types.setTypeParser(NUMERIC_OID, parseNumber);
  pgParsersSet = true;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, otherwise PGlite in `dataDir`.
 * PGlite is a single connection: open one per process and data folder.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    setPgTypeParsers();
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    const db = drizzlePg(pool, { schema });
    // Fail at start-up, not on the first request, when the server cannot be reached.
    const probe = await pool.connect();
    probe.release();
    return {
      kind: 'postgres',
      db,
      pool,
      async query<Row>(statement: SQL) {
        const result = await db.execute(statement);
        return result.rows as Row[];
      },
      close: () => pool.end(),
    };
  }

  const requested = options.dataDir ?? './data';
  const dataDir = requested.startsWith('memory://') ? requested : resolve(process.cwd(), requested);
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    parsers: { [INT8_OID]: parseNumber, [NUMERIC_OID]: parseNumber },
  });
  const db = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db,
    client,
    dataDir,
    async query<Row>(statement: SQL) {
      const result = await db.execute(statement);
      return result.rows as Row[];
    },
    close: () => client.close(),
  };
}
