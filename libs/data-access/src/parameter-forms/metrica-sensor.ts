import type { MetricaSensorReplicateRequest, MetricaSensorTriple, TableRow } from '@camposense/domain';
import { parameterFormKeys } from './keys';
import { combineWholeTables, useLinkRowsWrite, useWholeTable } from './whole-tables';
import type { FormListsState } from './whole-tables';

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
export function useMetricaSensorForm(): FormListsState<MetricaSensorFormData> {
  return combineWholeTables({
    nodos: useWholeTable('nodo'),
    sensores: useWholeTable('sensor'),
    tipos: useWholeTable('tipo'),
    entidades: useWholeTable('entidad'),
    metricas: useWholeTable('metrica'),
    metricasensor: useWholeTable('metricasensor'),
  });
}

/**
 * `POST /api/sense/metricasensor/replicate`: the chosen metrics on one probe type of every chosen
 * node, in one transaction (all or none: a node without that probe fails the whole call); triples
 * that existed come back in `skipped`. Revalidates what reads `metricasensor`, as every write does.
 */
export function useReplicateMetricaSensor() {
  return useLinkRowsWrite<MetricaSensorReplicateRequest, MetricaSensorTriple>('metricasensor', parameterFormKeys.metricaSensorReplicate());
}
