import type { Database } from '@camposense/db';
import type { FastifyInstance } from 'fastify';
import { createBulkCreate } from './tables/bulk-create';
import { createCatalogue } from '../sense/catalogue';
import type { ReadCache } from '../sense/read-cache';
import { createReadingQueries } from './readings/queries';
import { HeavyReadBudget } from '../sense/streaming';
import { createTableQueries } from './tables/queries';
import { createTableWrites } from './tables/writes';
import type { TableWritesOptions } from './tables/writes';
import { registerListRoutes } from './tables/lists';
import { registerReadingRoutes } from './readings/routes';
import { registerReplicateRoutes } from './tables/replicate';
import { registerTableRoutes } from './tables/routes';

export interface SenseDataRoutesOptions {
  database: Database;
  /** Where the farm-wide reads (lists, node list, charts) are kept between writes. */
  readCache: ReadCache;
  /** A table write ended open episodes (see TableWritesOptions.onEpisodesClosed): told after its commit. */
  onEpisodesClosed?: TableWritesOptions['onEpisodesClosed'];
  /** The heavy-read budget (streamed and slow reads); tests pass their own to watch it. @default new HeavyReadBudget() */
  heavyReads?: HeavyReadBudget | undefined;
}

/**
 * The data calls of api.md under /api/sense: named lists, readings, and the generic table routes.
 * Every one needs a bearer token. Fixed paths (`/paises`, `/mediciones`) win over `/:table`.
 */
export async function senseDataRoutes(
  app: FastifyInstance,
  { database, readCache, onEpisodesClosed, heavyReads = new HeavyReadBudget() }: SenseDataRoutesOptions,
): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const catalogue = createCatalogue(database);
  const queries = createTableQueries(database, catalogue);
  // Streamed reads (getAll, limits above one batch) and reads past their time budget share one
  // budget across lists, readings and tables.
  registerListRoutes(app, queries, readCache, heavyReads);
  registerReadingRoutes(app, createReadingQueries(database), heavyReads, readCache);
  const writes = createTableWrites(database, catalogue, {
    onUserChanged: (id) => app.accountStatus.invalidate(id),
    ...(onEpisodesClosed ? { onEpisodesClosed } : {}),
  });
  registerReplicateRoutes(app, database);
  registerTableRoutes(app, { catalogue, queries, writes, bulk: createBulkCreate(database, catalogue), database, heavyReads, readCache });
}
