export { FIXTURE_NOW, adminUser, operatorUser, sessionFor } from './fixtures';
export { authHandlers } from './handlers';
export { senseHandlers } from './sense-handlers';
export { metricasFixture, nodosFixture, openEpisodesFixture } from './dashboard-fixtures';
export { dashboardHandlers } from './dashboard-handlers';
export {
  alertasFixture,
  alertasManyFixture,
  mensajesManyFixture,
  makeAlertas,
  LONG_MESSAGE,
} from './report-fixtures';
export { reportHandlers } from './report-handlers';
export { tableFixtures } from './table-fixtures';
export { tableHandlers } from './table-handlers';
export { tableWriteHandlers, FIXTURE_ETAG } from './table-write-handlers';
export {
  thresholdScopeFixture,
  emptyThresholdScopeFixture,
  thresholdCriticidadesFixture,
  thresholdHistoryFixture,
  thresholdChangesFixture,
} from './threshold-fixtures';
export { thresholdHandlers } from './threshold-handlers';
export { profileAssignmentHandlers } from './profile-assignment-handlers';
export { usuarioHandlers } from './usuario-handlers';
export { userAccessHandlers, userAccessFixture, oneFarmAccessFixture, readerAccessFixture, noAccessFixture } from './user-access-handlers';
export { contactFormHandlers } from './contact-form-handlers';
export { sensorReplicateHandlers } from './sensor-replicate-handlers';
export { metricaSensorHandlers } from './metrica-sensor-handlers';
export {
  umbralMassiveFundosFixture,
  umbralMassiveEntidadesFixture,
  umbralMassiveTiposFixture,
  umbralMassiveCriticidadesFixture,
  umbralMassiveScopeFixture,
} from './umbral-massive-fixtures';
export { umbralMassiveHandlers } from './umbral-massive-handlers';
export { liveHandlers } from './live-handlers';
export {
  nodeMapFixture,
  nodeMapWithoutCoordinatesFixture,
  nodeMapAllUnplacedFixture,
  nodeMapEmptyFixture,
  nodeHealthFixture,
  nodeHealthBatteryLowFixture,
  nodeHealthExternalPowerFixture,
  nodeHealthNoRadioFixture,
} from './node-map-fixtures';
export { nodeMapHandlers } from './node-map-handlers';
