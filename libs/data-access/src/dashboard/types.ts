/** The rows and answers the dashboard reads; the API answers more columns, these are the ones used. */
export interface UbicacionRow {
  ubicacionid: number;
  ubicacion: string;
  ubicacionabrev: string | null;
  fundoid: number;
}

export interface EntidadRow {
  entidadid: number;
  entidad: string;
  entidadabrev: string | null;
}

/** Which node stands in which location for which entity. */
export interface LocalizacionRow {
  entidadid: number;
  ubicacionid: number;
  nodoid: number;
}

export interface MetricaRow {
  metricaid: number;
  metrica: string;
  metricaabrev: string | null;
  unidad: string | null;
  /** 1 active; a retired metric (0) keeps its readings but gets no chart. */
  statusid: number;
}

/** One bucket of `GET /api/sense/series`: the readings of [t, t + bucketSeconds). */
export interface SeriesBucketWire {
  t: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface SeriesThresholdWire {
  umbralid: number;
  minimo: number;
  maximo: number;
  criticidad: string;
  /** 1 is the most severe. */
  grado: number;
  tipoid: number;
}

export interface SeriesStatsWire {
  count: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  latest: string | null;
  activeSensors: number;
}

/** `GET /api/sense/series`: one metric of a node or a location, downsampled by the API. */
export interface SeriesResponse {
  metric: { metricaid: number; metrica: string; unidad: string | null } | null;
  start: string;
  end: string;
  bucketSeconds: number;
  buckets: SeriesBucketWire[];
  thresholds: SeriesThresholdWire[];
  stats: SeriesStatsWire;
}

/** What to draw: a node or else a location, one metric, a window of instants. */
export interface SeriesRequest {
  metricaId: number;
  nodoId?: number | null;
  ubicacionId?: number | null;
  /** ISO 8601 instants. */
  startDate: string;
  endDate: string;
  maxPoints: number;
}
