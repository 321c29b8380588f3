/** Where a test's thresholds go: a location, a node's probe and metric, and a criticality. */
export interface ThresholdPlace {
  ubicacion: number;
  nodo: number;
  tipo: number;
  metrica: number;
  criticidad: number;
}

/**
 * A threshold as a massive import's row, 1 to 9 at `place`: inactive unless `overrides` say
 * otherwise, because the unique index holds for active thresholds only and tests load many at one place.
 */
export const thresholdRow = (place: ThresholdPlace, overrides: Record<string, unknown> = {}) => ({
  umbral: 'Umbral masivo',
  ubicacionid: place.ubicacion,
  nodoid: place.nodo,
  tipoid: place.tipo,
  metricaid: place.metrica,
  criticidadid: place.criticidad,
  minimo: 1,
  maximo: 9,
  statusid: 0,
  ...overrides,
});
