export { buildApp } from './app';
export { createCatalogue } from './sense/catalogue';
export { createTableQueries } from './modules/tables/queries';
export type { ListCriteria } from './modules/tables/queries';
export {
  readingsStatement,
  readingsCountStatement,
  nodosConLocalizacionStatement,
  NODE_LIST_STATEMENT,
} from './modules/readings/queries';
export { reportStatements, createReportQueries, encodeReportCursor } from './modules/reports/queries';
export type { PageWindow } from './modules/reports/queries';
export { previewStatement } from './modules/thresholds/queries';
export { createIngestService } from '@camposense/server-ingest';
export { startMqttSubscriber } from '@camposense/server-ingest';
export { messageIdFor } from '@camposense/server-notify';
export { deliveryKey } from '@camposense/server-notify';
