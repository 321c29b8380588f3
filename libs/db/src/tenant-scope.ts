import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Issue 32, row-level security's half in the database client (docs/tenancy.md). Work run inside
 * `runAsTenant` (a non-admin user's request) reaches the database as the role `camposense_tenant`
 * (migration 0023: no login, no BYPASSRLS) with its granted companies in `camposense.empresas`, so
 * the policies show it only their rows whatever SQL it sends. Everything else (admins, the ingest,
 * the notifier, migrations) keeps the connecting role and sees everything.
 *
 * PostgreSQL: a single statement (`pool.query`) is written together with a statement that makes the
 * role and the settings local to its transaction (which also derives `camposense.ubicaciones`, the
 * locations of those companies, for the tables keyed by location) and one Sync: one round trip,
 * and nothing outlives the statement's answer (issue 31). A transaction (an explicit checkout) has
 * them made when its connection is taken and undone before it goes back; a connection whose reset
 * fails, or whose query failed, is discarded rather than returned with a grant.
 * PGlite (one connection for the whole process): each statement or transaction of tenant work runs
 * in a transaction of its own whose first statement makes them with `is_local`, so they end with it.
 */
export interface TenantScope {
  /** The granted companies (empty: nothing is shown). */
  empresas: readonly number[];
}

/** The database role a tenant's work runs under (created by migration 0023). */
export const TENANT_ROLE = 'camposense_tenant';

const tenantScopes = new AsyncLocalStorage<TenantScope>();

/** Runs `work` (and everything it starts) as a tenant of `scope`'s companies. */
export function runAsTenant<T>(scope: TenantScope, work: () => T): T {
  return tenantScopes.run(scope, work);
}

/**
 * Runs `work` with the connecting role although called from tenant work: for what is shared by
 * every user and must not be filled with one user's rows (a process-wide cache, say).
 */
export function runAsOwner<T>(work: () => T): T {
  return tenantScopes.exit(work);
}

/** `{1,2}`: the companies as a PostgreSQL int[] literal, the setting's value. */
function arrayLiteral(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;
}

/**
 * The settings and the role, made in one statement. `$1` is the companies; the locations are
 * read before the role changes (the change applies from the next statement on).
 */
function enterStatement(local: boolean): string {
  return `select set_config('camposense.empresas', $1::text, ${local}),
                 set_config('camposense.ubicaciones', coalesce((
                   select array_agg(ub.ubicacionid order by ub.ubicacionid)::text
                     from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid
                    where f.empresaid = any($1::text::int[])), '{}'), ${local}),
                 set_config('role', '${TENANT_ROLE}', ${local})`;
}

/**
 * The session's set-up and reset as named prepared statements: parsed and planned once per
 * connection, then only bound and run at each checkout and release (they run on every tenant
 * checkout, so their parse and plan were a share of the database's CPU per request, issue 31).
 */
const ENTER_SESSION = { name: 'camposense-tenant-enter', text: enterStatement(false) };
const ENTER_TRANSACTION = enterStatement(true);
const LEAVE_SESSION = {
  name: 'camposense-tenant-leave',
  text: `select set_config('role', 'none', false), set_config('camposense.empresas', '', false), set_config('camposense.ubicaciones', '', false)`,
};

type QueryCallback = (error: Error | null, result?: unknown) => void;

interface ScopedClient {
  query(config: unknown, values?: unknown, callback?: QueryCallback): unknown;
  release(error?: Error | boolean): void;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

interface PoolLike {
  connect(...args: unknown[]): unknown;
}

/** The pg `Connection` calls a scoped statement writes with (pg's own Query uses the same). */
interface PgConnection {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(statement: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string }): void;
}

type PgMessage = unknown;

/** The parts of pg's `Query` a scoped statement drives (pg/lib/query.js). */
interface PgQuery {
  name?: string;
  text?: string;
  values?: unknown;
  rows?: number;
  queryMode?: string;
  binary?: boolean;
  callback?: QueryCallback;
  _result?: unknown;
  submit(connection: PgConnection): Error | null;
  handleRowDescription(message: PgMessage): void;
  handleDataRow(message: PgMessage): void;
  handleCommandComplete(message: PgMessage, connection: PgConnection): void;
  handleEmptyQuery(connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
  handlePortalSuspended(connection: PgConnection): void;
  handleCopyInResponse(connection: PgConnection): void;
  handleCopyData(message: PgMessage, connection: PgConnection): void;
}

/** The set-up made local to the statement's transaction, prepared once per connection. */
const ENTER_STATEMENT = { name: 'camposense-tenant-enter-local', text: ENTER_TRANSACTION };

/**
 * One statement of tenant work sent to PostgreSQL in a single write, and so a single round trip,
 * after its set-up (issue 31): Bind and Execute of the set-up (`set_config(…, true)`: local to the
 * transaction), then the statement's own Parse, Bind, Describe and Execute, then one Sync. Messages
 * before a Sync are one implicit transaction, so the role and the grant hold for this statement
 * only and are gone when its answer ends (committed or, after any error, rolled back): the
 * connection never carries a grant before or after it, neither idle in the pool nor while the
 * next statement, anyone's, is written to it. To pg's Client it is one query: the set-up's
 * answers (its ParseComplete, row and CommandComplete) are taken here, the rest go to the
 * statement's own `Query`, which parses the rows and calls back as usual.
 */
class ScopedStatement {
  /** Until the set-up's CommandComplete, the answers are the set-up's. */
  private entering = true;

  constructor(
    private readonly inner: PgQuery,
    private readonly empresas: string,
  ) {}

  // pg's Client records a ParseComplete under the active query's name and text, and forgets a
  // failed one's: the set-up's while its answers arrive, the statement's after.
  get name(): string | undefined {
    return this.entering ? ENTER_STATEMENT.name : this.inner.name;
  }
  get text(): string | undefined {
    return this.entering ? ENTER_STATEMENT.text : this.inner.text;
  }
  // The Client wraps the callback (its read timeout) and types the result: the statement's own.
  get callback(): QueryCallback | undefined {
    return this.inner.callback;
  }
  set callback(callback: QueryCallback | undefined) {
    this.inner.callback = callback;
  }
  get binary(): boolean | undefined {
    return this.inner.binary;
  }
  set binary(binary: boolean | undefined) {
    this.inner.binary = binary;
  }
  get _result(): unknown {
    return this.inner._result;
  }

  submit(connection: PgConnection): Error | null {
    const { inner } = this;
    // pg's own refusals (Query.submit), made before anything is written.
    if (typeof inner.text !== 'string' && typeof inner.name !== 'string') {
      return new Error('A query must have either text or a name. Supplying neither is unsupported.');
    }
    if (inner.name) {
      const previous = connection.parsedStatements[inner.name] ?? connection.submittedNamedStatements[inner.name];
      if (inner.text && previous && inner.text !== previous) {
        return new Error(`Prepared statements must be unique - '${inner.name}' was used for a different statement`);
      }
    }
    if (inner.values !== undefined && inner.values !== null && !Array.isArray(inner.values)) return new Error('Query values must be an array');
    // A portal read in parts would need a Sync per part: not one transaction, so refused.
    if (inner.rows) return new Error('A tenant statement cannot read its rows in parts (`rows`)');
    // The extended protocol always, so the statement's messages follow the set-up's before one Sync.
    inner.queryMode = 'extended';
    connection.stream.cork?.();
    try {
      if (connection.parsedStatements[ENTER_STATEMENT.name] === undefined && connection.submittedNamedStatements[ENTER_STATEMENT.name] === undefined) {
        connection.parse({ text: ENTER_STATEMENT.text, name: ENTER_STATEMENT.name, types: [] });
        connection.submittedNamedStatements[ENTER_STATEMENT.name] = ENTER_STATEMENT.text;
      }
      connection.bind({ portal: '', statement: ENTER_STATEMENT.name, values: [this.empresas] });
      connection.execute({ portal: '' });
      // Parse (once per connection for a named one), Bind, Describe, Execute and the Sync.
      return inner.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(message: PgMessage): void {
    this.inner.handleRowDescription(message);
  }
  handleDataRow(message: PgMessage): void {
    // The set-up's one row (it is not described: nothing reads it).
    if (!this.entering) this.inner.handleDataRow(message);
  }
  handleCommandComplete(message: PgMessage, connection: PgConnection): void {
    if (this.entering) this.entering = false;
    else this.inner.handleCommandComplete(message, connection);
  }
  handleEmptyQuery(connection: PgConnection): void {
    this.inner.handleEmptyQuery(connection);
  }
  handleError(error: Error, connection: PgConnection): void {
    // The server skipped the rest to the Sync: neither name may be taken for parsed on its word.
    delete connection.submittedNamedStatements[ENTER_STATEMENT.name];
    if (this.inner.name) delete connection.submittedNamedStatements[this.inner.name];
    this.inner.handleError(error, connection);
  }
  handleReadyForQuery(connection: PgConnection): void {
    this.inner.handleReadyForQuery(connection);
  }
  handlePortalSuspended(connection: PgConnection): void {
    this.inner.handlePortalSuspended(connection);
  }
  handleCopyInResponse(connection: PgConnection): void {
    this.inner.handleCopyInResponse(connection);
  }
  handleCopyData(message: PgMessage, connection: PgConnection): void {
    this.inner.handleCopyData(message, connection);
  }
}

type QueryConstructor = new (config: unknown, values?: unknown, callback?: QueryCallback) => PgQuery;

/**
 * Makes a pg pool's connections serve tenant work (see the top of this file): a single statement
 * (`pool.query`, drizzle's every statement outside a transaction) runs with its set-up in the same
 * round trip, on any connection, and leaves nothing behind; an explicit checkout (a transaction)
 * gets a connection set up for its scope and reset when released. `Query` is pg's query class.
 * Wrap after any other `connect` wrapper whose clock should count the set-up as work.
 */
export function scopePoolConnections(pool: PoolLike, Query: QueryConstructor): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;

  async function checkout(scope: TenantScope): Promise<ScopedClient> {
    const client = (await connect()) as ScopedClient;
    const release = client.release.bind(client);
    try {
      await client.query(ENTER_SESSION, [arrayLiteral(scope.empresas)]);
    } catch (error) {
      release(error as Error);
      throw error;
    }
    // pg sets a new `release` on each checkout, so this wraps this checkout's only.
    client.release = (error?: Error | boolean) => {
      // A failed query's connection is destroyed by pg: nothing is left to reset.
      if (error) return release(error);
      (client.query(LEAVE_SESSION) as Promise<unknown>).then(
        () => release(),
        (resetError: unknown) => release(resetError instanceof Error ? resetError : new Error(String(resetError))),
      );
    };
    return client;
  }

  /** `pool.query`'s view of a plain connection: each statement it sends goes with its set-up. */
  function scopedStatements(client: ScopedClient, scope: TenantScope): ScopedClient {
    const empresas = arrayLiteral(scope.empresas);
    return {
      query: (config, values, callback) => {
        if (typeof callback !== 'function' || (typeof config === 'object' && config !== null && 'submit' in config)) {
          throw new Error('tenant statements go through pool.query with a callback');
        }
        return client.query(new ScopedStatement(new Query(config, values, callback), empresas));
      },
      once: (event, listener) => client.once(event, listener),
      removeListener: (event, listener) => client.removeListener(event, listener),
      release: (error) => client.release(error),
    };
  }

  pool.connect = (...args: unknown[]) => {
    const scope = tenantScopes.getStore();
    if (!scope) return connect(...args);
    const callback = args[0];
    if (typeof callback === 'function') {
      // pg-pool's own `query` takes a connection this way: one statement, then release.
      return connect((error: unknown, client: ScopedClient | undefined, release: unknown) => {
        if (error || !client) return (callback as (...callbackArgs: unknown[]) => unknown)(error, client, release);
        const scoped = scopedStatements(client, scope);
        return (callback as (...callbackArgs: unknown[]) => unknown)(undefined, scoped, scoped.release);
      });
    }
    // An explicit checkout (a transaction) gets a connection of its own, set up and reset.
    return checkout(scope);
  };
}

interface PgliteTransaction {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
}

/**
 * Makes PGlite run tenant work in transactions of its own that begin by setting the scope locally
 * (see the top of this file). Work already in a transaction uses that transaction's own object,
 * which this leaves alone: the transaction was scoped when it began.
 */
export function scopePgliteQueries(client: object): void {
  const pglite = client as PgliteLike;
  const transaction = pglite.transaction.bind(pglite);
  const enter = (tx: PgliteTransaction, scope: TenantScope) => tx.query(ENTER_TRANSACTION, [arrayLiteral(scope.empresas)]);
  pglite.transaction = <T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> => {
    const scope = tenantScopes.getStore();
    if (!scope) return transaction(callback);
    return transaction(async (tx) => {
      await enter(tx, scope);
      return callback(tx);
    });
  };
  for (const name of ['query', 'exec'] as const) {
    const original = pglite[name].bind(pglite);
    pglite[name] = (...args: unknown[]) => {
      const scope = tenantScopes.getStore();
      if (!scope) return original(...args);
      return transaction(async (tx) => {
        await enter(tx, scope);
        return (tx as unknown as PgliteLike)[name](...args);
      });
    };
  }
}
