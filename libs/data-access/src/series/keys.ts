import type { SeriesQuery } from '@camposense/domain';
import { toSeriesQuery } from './types';
import type { SeriesRequest } from './types';

/** What a threshold's preview chart asks: the series query with the node, probe type and window given. */
export type ThresholdSeriesRequest = Required<Pick<SeriesQuery, 'nodoId' | 'tipoId' | 'metricaId' | 'startDate' | 'endDate' | 'maxPoints'>>;

/**
 * SWR keys of GET /api/sense/series: `['series', query]`, the wire query (SeriesQuery), so a chart
 * of the dashboard and one of the thresholds tab asking the same share a cache entry, and a new
 * reading makes every series stale with one prefix (`seriesKeys.all`). Null while a chart has no
 * node nor location.
 */
export const seriesKeys = {
  all: ['series'] as const,
  chart: (request: SeriesRequest | null) =>
    !request || (request.nodoId == null && request.ubicacionId == null) ? null : (['series', toSeriesQuery(request)] as const),
  /** A threshold's place (node and probe type) over a window; its fields in the order the URL names them. */
  threshold: (request: ThresholdSeriesRequest | null) =>
    request === null
      ? null
      : ([
          'series',
          {
            metricaId: request.metricaId,
            nodoId: request.nodoId,
            tipoId: request.tipoId,
            startDate: request.startDate,
            endDate: request.endDate,
            maxPoints: request.maxPoints,
          } satisfies SeriesQuery,
        ] as const),
};

/** Where the API answers a series key: its query's parameters in the order the key holds them. */
export function seriesPath(query: SeriesQuery): string {
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/sense/series?${params.toString()}`;
}
