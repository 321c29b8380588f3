import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { schema } from './schema/index';
import type { Schema } from './schema/index';
import { INT8_OID, NUMERIC_OID, parseNumber } from './type-parsers';
import { scopePgliteQueries, scopePoolConnections } from './tenant-scope';
import { clockPgliteWaits, clockPoolWaits } from './work-clock';

/** A data folder that lives only in memory, for tests. */
export const MEMORY_DATA_DIR = 'memory://';

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data folder (default `./data`, resolved against the working directory), or `memory://`. */
  dataDir?: string;
  /**
   * PostgreSQL: the server cancels any statement running longer (`statement_timeout`), so no request
   * can hold a connection for ever. 0 = no limit (migrations, seeding). @default 0
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long to wait for a connection before failing the query. @default 5000 */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: called when a pooled connection fails outside a query (the server restarted, an
   * administrator terminated it, the network dropped). The pool drops that connection and opens a
   * new one when next needed; without a listener Node would end the process. @default console.warn
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PGlite in memory: start from this data folder (a `dumpDataDir` tarball) instead of an empty
   * cluster, skipping initdb and whatever the folder already holds (the tests' prepared snapshots).
   */
  loadDataDir?: Blob;
}

export interface QueryOptions {
  /**
   * PostgreSQL: run as a named prepared statement, parsed once per connection (and planned once
   * when PostgreSQL finds its generic plan as good as a custom one). For a hot statement whose
   * parse and planning are a large share of its cost (row security's policies make planning
   * several times dearer, docs/tenancy.md). `true` names it by a hash of its text: only for
   * statements built in a bounded number of shapes (values as parameters, never inlined), since
   * every connection keeps each name it has seen. Ignored on PGlite.
   */
  prepare?: string | true;
}

interface DatabaseBase {
  /** Raw SQL through drizzle's `sql` template (values become parameters); answers the rows. */
  query<Row = Record<string, unknown>>(statement: SQL, options?: QueryOptions): Promise<Row[]>;
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
 * PGlite is a single connection: open one per process and data folder; a folder on disk is locked
 * (`DATA_DIR/camposense.lock`) until `close()`, and a second process is refused with
 * DataDirLockedError.
 */
/** Turns `sql` templates into text and parameters for named prepared statements. */
const pgDialect = new PgDialect();

/**
 * How many statement texts keep their name in memory. The prepared shapes are bounded (filters ×
 * sorts of a few routes: a few hundred); past this many, a text is hashed on each call instead,
 * so a caller that breaks the rule costs CPU, never unbounded memory.
 */
const STATEMENT_NAME_CACHE_LIMIT = 2048;
const statementNames = new Map<string, string>();

/**
 * A prepared statement's name from its text: the same text, the same name on every connection.
 * Remembered per text, so a hot statement's text is hashed once per process, not on every call.
 */
export function statementName(text: string): string {
  const known = statementNames.get(text);
  if (known !== undefined) return known;
  const name = `h-${createHash('sha1').update(text).digest('base64url')}`;
  if (statementNames.size < STATEMENT_NAME_CACHE_LIMIT) statementNames.set(text, name);
  return name;
}

export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    setPgTypeParsers();
    const statementTimeout = options.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      ...(statementTimeout > 0
        ? {
            statement_timeout: statementTimeout,
            // A transaction left open by a failed request must not hold its locks for ever either.
            idle_in_transaction_session_timeout: statementTimeout,
            // The server's timeout cannot fire when the server is gone: give up a little later.
            query_timeout: statementTimeout + 5000,
          }
        : {}),
    });
    const onConnectionError =
      options.onConnectionError ?? ((error: Error) => console.warn(`PostgreSQL: conexión perdida (${error.message})`));
    // An idle pooled client's error reaches the pool; a checked-out one's reaches only the client.
    // Either, unheard, is an uncaught 'error' event that ends the process (issue 10, item 2).
    pool.on('error', (error) => onConnectionError(error));
    // A request's wait for a free connection is told apart from its work (the heavy-read budget).
    clockPoolWaits(pool);
    // A non-admin user's work takes connections set to the tenant role and grant (issue 32).
    scopePoolConnections(pool, pg.Query as unknown as Parameters<typeof scopePoolConnections>[1]);
    pool.on('connect', (client) => {
      client.on('error', (error) => onConnectionError(error));
    });
    const db = drizzlePg(pool, { schema });
    // Fail at start-up, not on the first request, when the server cannot be reached.
    try {
      const probe = await pool.connect();
      probe.release();
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      kind: 'postgres',
      db,
      pool,
      async query<Row>(statement: SQL, options?: QueryOptions) {
        if (options?.prepare) {
          const query = pgDialect.sqlToQuery(statement);
          const name = options.prepare === true ? statementName(query.sql) : options.prepare;
          // drizzle's own prepared query, so its values are parsed exactly as db.execute's are.
          const prepared = db._.session.prepareQuery(query, undefined, name, false);
          return ((await prepared.execute()) as { rows: Row[] }).rows;
        }
        const result = await db.execute(statement);
        return result.rows as Row[];
      },
      close: () => pool.end(),
    };
  }

  const requested = options.dataDir ?? './data';
  const dataDir = requested.startsWith('memory://') ? requested : resolve(process.cwd(), requested);
  // Two processes on one folder would both write it and corrupt it (issue 10, item 3).
  let lock: { release(): void } | null = null;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [INT8_OID]: parseNumber, [NUMERIC_OID]: parseNumber },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // PGlite is one connection: a request's turn in its queue is waiting too, not work.
  clockPgliteWaits(client);
  // A non-admin user's work runs in transactions set to the tenant role and grant (issue 32).
  scopePgliteQueries(client);
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
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
