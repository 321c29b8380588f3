/**
 * `GET /api/sense/series`: one metric of a node or a location over a window, downsampled by the
 * API. The route declares these types as its reply, data-access reads them and the MSW mocks
 * answer them, so a mock that drifts from the API fails the type check.
 */

/** One bucket: the readings of [t, t + bucketSeconds). */
export interface SeriesBucket {
  /** The bucket's start, ISO 8601. */
  t: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface SeriesThreshold {
  umbralid: number;
  minimo: number;
  maximo: number;
  criticidad: string;
  /** 1 is the most severe. */
  grado: number;
  tipoid: number;
}

export interface SeriesStats {
  count: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  /** The newest reading in the window. */
  latest: string | null;
  /** Probes (node × type) of the scope with a reading of this metric in the day before the window's end. */
  activeSensors: number;
}

export interface SeriesMetric {
  metricaid: number;
  metrica: string;
  unidad: string | null;
}

export interface SeriesResponse {
  metric: SeriesMetric | null;
  /** The window actually drawn: the asked one, its end brought back to now when it lies ahead. */
  start: string;
  /** Exclusive. */
  end: string;
  bucketSeconds: number;
  buckets: SeriesBucket[];
  thresholds: SeriesThreshold[];
  stats: SeriesStats;
}
