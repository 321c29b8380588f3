import type { TableRow } from '@camposense/domain';
import { combineWholeTables, useWholeTable } from '../tables/rows-query';
import type { FormListsState } from '../tables/rows-query';

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

