export { FIXTURE_NOW, adminUser, ingestKeysFixture, operatorUser, sessionFor, loginSuccess } from './fixtures';
export { authHandlers } from './handlers';
export { paisesFixture, empresasFixture, fundosFixture } from './sense-fixtures';
export { senseHandlers } from './sense-handlers';
export {
  dashboardFundosFixture,
  dashboardUbicacionesFixture,
  entidadesFixture,
  localizacionesFixture,
  metricasFixture,
  nodosFixture,
  openEpisodesFixture,
  seriesFixture,
} from './dashboard-fixtures';
export type { SeriesFixtureOptions } from './dashboard-fixtures';
export { dashboardHandlers } from './dashboard-handlers';
export {
  criticidadesFixture,
  reportUbicacionesFixture,
  reportNodosFixture,
  reportContactosFixture,
  reportMediosFixture,
  alertasFixture,
  alertasManyFixture,
  mensajesFixture,
  mensajesManyFixture,
  makeAlertas,
  makeMensajes,
  LONG_MESSAGE,
} from './report-fixtures';
export { reportHandlers } from './report-handlers';
export { AUDIT_COLUMNS, column as tableColumn, tableFixtures } from './table-fixtures';
export { tableHandlers } from './table-handlers';
export { tableWriteHandlers, FIXTURE_ETAG } from './table-write-handlers';
export { tableBulkHandlers, bulkErrorsFixture } from './table-bulk-handlers';
export {
  thresholdScopeFixture,
  emptyThresholdScopeFixture,
  thresholdCriticidadesFixture,
  thresholdPerfilesFixture,
  thresholdHistoryFixture,
  thresholdChangesFixture,
  thresholdPreviewFixture,
} from './threshold-fixtures';
export { thresholdHandlers } from './threshold-handlers';
export { assignmentUsuariosFixture, assignmentPerfilesFixture, assignmentPairsFixture } from './profile-assignment-fixtures';
export { profileAssignmentHandlers } from './profile-assignment-handlers';
export { usuarioHandlers } from './usuario-handlers';
export { contactFormHandlers, contactMediosFixture, contactCodigosFixture, contactContactosFixture } from './contact-form-handlers';
export {
  replicateNodosFixture,
  replicateTiposFixture,
  replicateEntidadesFixture,
  replicateUbicacionesFixture,
  replicateLocalizacionesFixture,
  replicateSensorsFixture,
} from './sensor-replicate-fixtures';
export { sensorReplicateHandlers } from './sensor-replicate-handlers';
export {
  metricaSensorEntidadesFixture,
  metricaSensorTiposFixture,
  metricaSensorNodosFixture,
  metricaSensorSensoresFixture,
  metricaSensorMetricasFixture,
  metricaSensorTriplesFixture,
} from './metrica-sensor-fixtures';
export { metricaSensorHandlers } from './metrica-sensor-handlers';
export type { MetricaSensorState } from './metrica-sensor-handlers';
export {
  umbralMassiveFundosFixture,
  umbralMassiveEntidadesFixture,
  umbralMassiveTiposFixture,
  umbralMassiveCriticidadesFixture,
  umbralMassiveScopeFixture,
} from './umbral-massive-fixtures';
export { umbralMassiveHandlers } from './umbral-massive-handlers';
export { liveHandlers } from './live-handlers';
