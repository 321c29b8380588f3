import type { PaginatedRows, ReplicateResult, SensorPair, SensorReplicateRequest, TableName, TableRow } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { parameterFormKeys } from './keys';

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

const rowsOf = (page: PaginatedRows | undefined) => page?.data;

function useAllRows(table: TableName) {
  return useSWR<PaginatedRows>(parameterFormKeys.allRows(table), apiFetcher, { keepPreviousData: true });
}

/**
 * The lists of the sensor replicate form, each read whole (up to the API's page limit) so they can
 * be searched as one types. One `data` once all of them answered; after a write the lists on
 * show stay until the new ones arrive.
 */
export function useSensorReplicateData() {
  const nodos = useAllRows('nodo');
  const tipos = useAllRows('tipo');
  const entidades = useAllRows('entidad');
  const ubicaciones = useAllRows('ubicacion');
  const localizaciones = useAllRows('localizacion');
  const sensors = useAllRows('sensor');
  const all = [nodos, tipos, entidades, ubicaciones, localizaciones, sensors] as const;
  const [nodoRows, tipoRows, entidadRows, ubicacionRows, localizacionRows, sensorRows] = all.map((list) => rowsOf(list.data));
  const data: SensorReplicateData | undefined =
    nodoRows && tipoRows && entidadRows && ubicacionRows && localizacionRows && sensorRows
      ? {
          nodos: nodoRows,
          tipos: tipoRows,
          entidades: entidadRows,
          ubicaciones: ubicacionRows,
          localizaciones: localizacionRows,
          sensors: sensorRows.map((row) => ({ nodoid: Number(row['nodoid']), tipoid: Number(row['tipoid']) })),
        }
      : undefined;
  const retry = useCallback(() => {
    for (const list of [nodos, tipos, entidades, ubicaciones, localizaciones, sensors]) void list.mutate();
  }, [nodos, tipos, entidades, ubicaciones, localizaciones, sensors]);
  return {
    data,
    error: all.find((list) => list.error)?.error as unknown,
    isValidating: all.some((list) => list.isValidating),
    retry,
  };
}

/**
 * `POST /api/sense/sensor/replicate`: every chosen probe type on every chosen node, in one
 * transaction; pairs that existed come back in `skipped`. Revalidates what reads `sensor`, as every write does (useRevalidateTable).
 */
export function useReplicateSensors() {
  const revalidate = useRevalidateTable('sensor');
  return useCallback(
    async (request: SensorReplicateRequest) => {
      const result = await apiRequest<ReplicateResult<SensorPair>>(parameterFormKeys.sensorReplicate(), { method: 'POST', body: request });
      await revalidate();
      return result;
    },
    [revalidate],
  );
}
