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

/** What to draw: a node or else a location, one metric, a window of instants. */
export interface SeriesRequest {
  metricaId: number;
  nodoId?: number | null;
  ubicacionId?: number | null;
  /** ISO 8601 instants. */
  startDate: string;
  endDate: string;
  maxPoints: number;
  /** The zone shown (IANA), whose midnights start the daily buckets of a long range; UTC's without it. */
  timeZone?: string;
}
