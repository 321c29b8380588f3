import type { Database } from '@camposense/db';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../../sense/catalogue';
import type { ReadCache } from '../../sense/read-cache';
import type { HeavyReadBudget } from '../../sense/streaming';
import type { BulkCreate } from './bulk-create';
import { registerBulkRoute } from './bulk-routes';
import { registerLabelRoute } from './label-routes';
import type { TableQueries } from './queries';
import { registerCatalogueRoutes, registerListRoute, registerRowReadRoutes } from './read-routes';
import { registerWriteRoutes } from './write-routes';
import type { TableWrites } from './writes';

export interface TableRouteDependencies {
  catalogue: Catalogue;
  queries: TableQueries;
  writes: TableWrites;
  bulk: BulkCreate;
  database: Database;
  /** The budget of streamed reads (limits above one batch). */
  heavyReads: HeavyReadBudget;
  /** Where pages (the reports, the status views) are kept between writes. */
  readCache: ReadCache;
}

/**
 * The generic table routes of /api/sense (`/{table}…`). Registered in this order, which is the
 * order of the OpenAPI document's paths and of their methods.
 */
export function registerTableRoutes(app: FastifyInstance, dependencies: TableRouteDependencies): void {
  registerListRoute(app, dependencies);
  registerCatalogueRoutes(app, dependencies);
  registerLabelRoute(app, dependencies);
  registerRowReadRoutes(app, dependencies);
  registerWriteRoutes(app, dependencies);
  registerBulkRoute(app, dependencies);
}
