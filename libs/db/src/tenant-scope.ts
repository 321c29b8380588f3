import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Issue 32, row-level security's half in the database client (docs/tenancy.md). Work run inside
 * `runAsTenant` (a non-admin user's request) reaches the database as the role `camposense_tenant`
 * (migration 0023: no login, no BYPASSRLS) with its granted companies in `camposense.empresas`, so
 * the policies show it only their rows whatever SQL it sends. Everything else (admins, the ingest,
 * the notifier, migrations) keeps the connecting role and sees everything.
 *
 * PostgreSQL: the role and the settings are made when a pooled connection is taken (one round trip,
 * which also derives `camposense.ubicaciones`, the locations of those companies, for the tables
 * keyed by location) and undone before it goes back; a connection whose reset fails, or whose
 * query failed, is discarded rather than returned with a grant.
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

/**
 * One tenant connection shared by the single statements (`pool.query`) of one piece of tenant
 * work (one request: `runAsTenant` makes a scope object per request), so a request that sends
 * several pays one set-up and one reset instead of one of each per statement (issue 31). It is
 * given back, reset, once none of them is running and a turn of the event loop has passed (the
 * statement a request sends when the previous one's rows arrive finds it still there): it never
 * sits idle in the pool with a grant, and only that scope's statements ever run on it. A failed
 * statement takes no new sharers and has the connection destroyed once the others end.
 */
interface SharedConnection {
  client: Promise<ScopedClient>;
  /** Statements given it and not yet released. */
  users: number;
  /** A sharer's failure: the connection is destroyed, not reset, when the last one ends. */
  failure: Error | null;
  /** Being given back: no new sharers. */
  closing: boolean;
  /** The sharers' statements, run one after another. */
  queue: Promise<void>;
}

/**
 * Makes a pg pool hand tenant work connections set up for its scope (see the top of this file).
 * Wrap after any other `connect` wrapper whose clock should count the set-up as work.
 */
export function scopePoolConnections(pool: PoolLike): void {
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

  const shared = new WeakMap<TenantScope, SharedConnection>();

  /** Gives the shared connection back (reset, or destroyed after a failure) if nobody uses it. */
  function giveBack(scope: TenantScope, connection: SharedConnection): void {
    if (connection.users > 0 || connection.closing) return;
    connection.closing = true;
    if (shared.get(scope) === connection) shared.delete(scope);
    void connection.client.then((client) => client.release(connection.failure ?? undefined));
  }

  /** A sharer's view of the shared connection: its own `release`, the rest the connection's. */
  function sharerOf(scope: TenantScope, connection: SharedConnection, client: ScopedClient): ScopedClient {
    let released = false;
    return {
      // One statement at a time, in the order asked: pg deprecates queueing on a busy client.
      query: (config, values, callback) => {
        const run = () =>
          new Promise<void>((done) => {
            try {
              client.query(config, values, (error, result) => {
                done();
                callback?.(error, result);
              });
            } catch (error) {
              // Never a rejected queue: the statements behind this one still run (or fail) on their own.
              done();
              callback?.(error instanceof Error ? error : new Error(String(error)));
            }
          });
        connection.queue = connection.queue.then(run);
        return undefined;
      },
      once: (event, listener) => client.once(event, listener),
      removeListener: (event, listener) => client.removeListener(event, listener),
      release: (error) => {
        if (released) return;
        released = true;
        if (error) {
          connection.failure ??= error instanceof Error ? error : new Error('released with an error');
          // Nobody new on a connection that failed; the running sharers end first.
          if (shared.get(scope) === connection) shared.delete(scope);
        }
        connection.users -= 1;
        if (connection.users === 0) setImmediate(() => giveBack(scope, connection));
      },
    };
  }

  /** `pool.query`'s checkout for tenant work: the scope's shared connection, taken if need be. */
  function sharedCheckout(scope: TenantScope, callback: (error: unknown, client?: ScopedClient, release?: () => void) => unknown): void {
    let connection = shared.get(scope);
    if (!connection || connection.closing || connection.failure) {
      const created: SharedConnection = { client: checkout(scope), users: 0, failure: null, closing: false, queue: Promise.resolve() };
      connection = created;
      shared.set(scope, created);
      created.client.catch(() => {
        // The set-up failed: the next statement of this scope takes a connection of its own.
        if (shared.get(scope) === created) shared.delete(scope);
        created.closing = true;
      });
    }
    const current = connection;
    current.users += 1;
    current.client.then(
      (client) => {
        const sharer = sharerOf(scope, current, client);
        callback(undefined, sharer, sharer.release);
      },
      (error: unknown) => {
        current.users -= 1;
        callback(error, undefined, () => undefined);
      },
    );
  }

  pool.connect = (...args: unknown[]) => {
    const scope = tenantScopes.getStore();
    if (!scope) return connect(...args);
    const callback = args[0];
    if (typeof callback === 'function') {
      // pg-pool's own `query` takes a connection this way: one statement, then release.
      sharedCheckout(scope, callback as (error: unknown, client?: ScopedClient, release?: () => void) => unknown);
      return undefined;
    }
    // An explicit checkout (a transaction) gets a connection of its own.
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
