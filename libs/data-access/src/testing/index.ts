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
} from '../dashboard/testing/dashboard-fixtures';
export type { SeriesFixtureOptions } from '../dashboard/testing/dashboard-fixtures';
export { dashboardHandlers } from '../dashboard/testing/dashboard-handlers';
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
export { AUDIT_COLUMNS, column as tableColumn, tableFixtures } from '../table-rows/testing/table-fixtures';
export { tableHandlers } from '../table-rows/testing/table-handlers';
export { tableWriteHandlers, FIXTURE_ETAG } from '../table-rows/testing/table-write-handlers';
export { tableBulkHandlers, bulkErrorsFixture } from '../table-rows/testing/table-bulk-handlers';
export {
  thresholdScopeFixture,
  emptyThresholdScopeFixture,
  thresholdCriticidadesFixture,
  thresholdPerfilesFixture,
  thresholdHistoryFixture,
  thresholdChangesFixture,
  thresholdPreviewFixture,
} from '../thresholds/testing/threshold-fixtures';
export { thresholdHandlers } from '../thresholds/testing/threshold-handlers';
export { assignmentUsuariosFixture, assignmentPerfilesFixture, assignmentPairsFixture } from '../parameter-forms/testing/profile-assignment-fixtures';
export { profileAssignmentHandlers } from '../parameter-forms/testing/profile-assignment-handlers';
export { usuarioHandlers } from '../parameter-forms/testing/usuario-handlers';
export { contactFormHandlers, contactMediosFixture, contactCodigosFixture, contactContactosFixture } from '../parameter-forms/testing/contact-form-handlers';
export {
  replicateNodosFixture,
  replicateTiposFixture,
  replicateEntidadesFixture,
  replicateUbicacionesFixture,
  replicateLocalizacionesFixture,
  replicateSensorsFixture,
} from '../parameter-forms/testing/sensor-replicate-fixtures';
export { sensorReplicateHandlers } from '../parameter-forms/testing/sensor-replicate-handlers';
export {
  metricaSensorEntidadesFixture,
  metricaSensorTiposFixture,
  metricaSensorNodosFixture,
  metricaSensorSensoresFixture,
  metricaSensorMetricasFixture,
  metricaSensorTriplesFixture,
} from '../parameter-forms/testing/metrica-sensor-fixtures';
export { metricaSensorHandlers } from '../parameter-forms/testing/metrica-sensor-handlers';
export type { MetricaSensorState } from '../parameter-forms/testing/metrica-sensor-handlers';
export {
  umbralMassiveFundosFixture,
  umbralMassiveEntidadesFixture,
  umbralMassiveTiposFixture,
  umbralMassiveCriticidadesFixture,
  umbralMassiveScopeFixture,
} from '../parameter-forms/testing/umbral-massive-fixtures';
export { umbralMassiveHandlers } from '../parameter-forms/testing/umbral-massive-handlers';
export { liveHandlers } from '../live/testing/live-handlers';
