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

const ENTER_SESSION = enterStatement(false);
const ENTER_TRANSACTION = enterStatement(true);
const LEAVE_SESSION = `select set_config('role', 'none', false), set_config('camposense.empresas', '', false), set_config('camposense.ubicaciones', '', false)`;

interface ScopedClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(error?: Error | boolean): void;
}

interface PoolLike {
  connect(...args: unknown[]): unknown;
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
      client.query(LEAVE_SESSION).then(
        () => release(),
        (resetError: unknown) => release(resetError instanceof Error ? resetError : new Error(String(resetError))),
      );
    };
    return client;
  }

  pool.connect = (...args: unknown[]) => {
    const scope = tenantScopes.getStore();
    if (!scope) return connect(...args);
    const callback = args[0];
    if (typeof callback === 'function') {
      // pg-pool's own `query` takes a connection this way.
      checkout(scope).then(
        (client) => (callback as (...callbackArgs: unknown[]) => unknown)(undefined, client, client.release),
        (error: unknown) => (callback as (...callbackArgs: unknown[]) => unknown)(error, undefined, () => undefined),
      );
      return undefined;
    }
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
