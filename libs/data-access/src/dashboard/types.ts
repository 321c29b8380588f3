import type { SeriesQuery } from '@camposense/domain';

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

/**
 * What a chart asks for, as a screen holds it: the contract's query (`SeriesQuery`, the wire
 * shape) with the node or else the location null while not chosen, the window and budget always
 * given, and the zone under the name screens use for it. Derived from the contract, so a renamed
 * or retyped field fails here; `toSeriesQuery` maps it onto the wire.
 */
export type SeriesRequest = Pick<SeriesQuery, 'metricaId'> &
  Required<Pick<SeriesQuery, 'startDate' | 'endDate' | 'maxPoints'>> & {
    nodoId?: SeriesQuery['nodoId'] | null;
    ubicacionId?: SeriesQuery['ubicacionId'] | null;
    /** The zone shown (IANA), whose midnights start the daily buckets of a long range; UTC's without it. Sent as `tz`. */
    timeZone?: SeriesQuery['tz'];
  };

/** The series call's query for a chart's request: a node, else a location; the zone as `tz`. */
export function toSeriesQuery(request: SeriesRequest): SeriesQuery {
  const { metricaId, nodoId, ubicacionId, startDate, endDate, maxPoints, timeZone } = request;
  return {
    metricaId,
    ...(nodoId != null ? { nodoId } : ubicacionId != null ? { ubicacionId } : {}),
    startDate,
    endDate,
    maxPoints,
    ...(timeZone ? { tz: timeZone } : {}),
  };
}
