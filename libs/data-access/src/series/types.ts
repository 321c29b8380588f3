import type { SeriesQuery } from '@camposense/domain';

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
