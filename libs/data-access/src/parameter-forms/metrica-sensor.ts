import type { MetricaSensorReplicateRequest, MetricaSensorTriple, PaginatedRows, ReplicateResult, TableRow } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { parameterFormKeys } from './keys';

/** What the metric-sensor form lists: nodes, their probes (sensor), probe types with their entity, metrics and the mappings held. */
export interface MetricaSensorFormData {
  nodos: TableRow[];
  sensores: TableRow[];
  tipos: TableRow[];
  entidades: TableRow[];
  metricas: TableRow[];
  metricasensor: TableRow[];
}

/**
 * The rows the metric-sensor form (metricasensor insert and massive) chooses from, read whole (up
 * to the API's page limit) so the lists can be searched as one types. One `data` once all six
 * answered; after a write the lists on show stay until the new ones arrive.
 */
export function useMetricaSensorForm() {
  const options = { keepPreviousData: true };
  const nodos = useSWR<PaginatedRows>(parameterFormKeys.allRows('nodo'), apiFetcher, options);
  const sensores = useSWR<PaginatedRows>(parameterFormKeys.allRows('sensor'), apiFetcher, options);
  const tipos = useSWR<PaginatedRows>(parameterFormKeys.allRows('tipo'), apiFetcher, options);
  const entidades = useSWR<PaginatedRows>(parameterFormKeys.allRows('entidad'), apiFetcher, options);
  const metricas = useSWR<PaginatedRows>(parameterFormKeys.allRows('metrica'), apiFetcher, options);
  const metricasensor = useSWR<PaginatedRows>(parameterFormKeys.allRows('metricasensor'), apiFetcher, options);
  const all = [nodos, sensores, tipos, entidades, metricas, metricasensor];
  const rows = all.map((state) => state.data?.data);
  const data: MetricaSensorFormData | undefined = rows.every((table) => table !== undefined)
    ? {
        nodos: rows[0]!,
        sensores: rows[1]!,
        tipos: rows[2]!,
        entidades: rows[3]!,
        metricas: rows[4]!,
        metricasensor: rows[5]!,
      }
    : undefined;
  const retry = useCallback(() => {
    for (const state of [nodos, sensores, tipos, entidades, metricas, metricasensor]) void state.mutate();
  }, [nodos, sensores, tipos, entidades, metricas, metricasensor]);
  return {
    data,
    error: all.find((state) => state.error)?.error as unknown,
    isValidating: all.some((state) => state.isValidating),
    retry,
  };
}

/**
 * `POST /api/sense/metricasensor/replicate`: the chosen metrics on one probe type of every chosen
 * node, in one transaction (all or none: a node without that probe fails the whole call); triples
 * that existed come back in `skipped`. Revalidates what reads `metricasensor`, as every write does.
 */
export function useReplicateMetricaSensor() {
  const revalidate = useRevalidateTable('metricasensor');
  return useCallback(
    async (request: MetricaSensorReplicateRequest) => {
      const result = await apiRequest<ReplicateResult<MetricaSensorTriple>>(parameterFormKeys.metricaSensorReplicate(), { method: 'POST', body: request });
      await revalidate();
      return result;
    },
    [revalidate],
  );
}
