import type { SensorPair, TableRow } from '@camposense/domain';
import { combineWholeTables, useWholeTable } from '../tables/rows-query';
import type { FormListsState } from '../tables/rows-query';

/**
 * What the sensor replicate form lists: the nodes, where each stands (`localizacion` names its
 * `ubicacion`), the probe types with their entity (a type's name repeats per crop) and the sensors
 * that exist, so the form can say which chosen (node, type) pairs are there already.
 */
export interface SensorReplicateData {
  nodos: TableRow[];
  tipos: TableRow[];
  entidades: TableRow[];
  ubicaciones: TableRow[];
  localizaciones: TableRow[];
  sensors: SensorPair[];
}

/**
 * The lists of the sensor replicate form, each read whole (up to the API's page limit) so they can
 * be searched as one types. One `data` once all of them answered.
 */
export function useSensorReplicateData(): FormListsState<SensorReplicateData> {
  const lists = combineWholeTables({
    nodos: useWholeTable('nodo'),
    tipos: useWholeTable('tipo'),
    entidades: useWholeTable('entidad'),
    ubicaciones: useWholeTable('ubicacion'),
    localizaciones: useWholeTable('localizacion'),
    sensors: useWholeTable('sensor'),
  });
  const data = lists.data && { ...lists.data, sensors: lists.data.sensors.map((row) => ({ nodoid: Number(row['nodoid']), tipoid: Number(row['tipoid']) })) };
  return { ...lists, data };
}

