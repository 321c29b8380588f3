import type { SeriesQuery, UmbralScopeFilters } from '@camposense/domain';

/** What the preview asks: the threshold, the edited band and how many days back. */
export interface ThresholdPreviewRequest {
  umbralId: number;
  minimo: number;
  maximo: number;
  days: number;
}

/** The metric of a threshold's place over a window, for the preview chart: the series query with these fields given. */
export type ThresholdSeriesRequest = Required<Pick<SeriesQuery, 'nodoId' | 'tipoId' | 'metricaId' | 'startDate' | 'endDate' | 'maxPoints'>>;

const FILTER_PARAMS = ['paisId', 'empresaId', 'fundoId', 'ubicacionId', 'nodoId', 'tipoId', 'metricaId'] as const;

function filterQuery(filters: UmbralScopeFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value != null) query.set(name, String(value));
  }
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => (query.size === 0 ? path : `${path}?${query.toString()}`);

/** SWR keys of the thresholds tab; a `null` key while a required choice is missing. */
export const thresholdKeys = {
  /** Every key of the tab's listings starts with this: saving revalidates them all. */
  scopePrefix: '/sense/umbrales',
  scope: (filters: UmbralScopeFilters) => withQuery('/sense/umbrales', filterQuery(filters)),
  changes: (filters: UmbralScopeFilters, limit: number) => {
    const query = filterQuery(filters);
    query.set('limit', String(limit));
    return withQuery('/sense/umbrales/cambios', query);
  },
  /** Every key about one threshold starts with this. */
  umbralPrefix: (umbralId: number) => `/sense/umbral/${umbralId}/`,
  preview: (request: ThresholdPreviewRequest | null) =>
    request === null || !(request.minimo <= request.maximo)
      ? null
      : `/sense/umbral/${request.umbralId}/preview?${new URLSearchParams({
          minimo: String(request.minimo),
          maximo: String(request.maximo),
          days: String(request.days),
        }).toString()}`,
  /** The threshold's row with its entity tag (under the prefix, so a save refreshes it). */
  version: (umbralId: number | null) => (umbralId === null ? null : `/sense/umbral/${umbralId}/#version`),
  history: (umbralId: number | null) => (umbralId === null ? null : `/sense/umbral/${umbralId}/historial`),
  series: (request: ThresholdSeriesRequest | null) =>
    request === null
      ? null
      : `/sense/series?${new URLSearchParams({
          metricaId: String(request.metricaId),
          nodoId: String(request.nodoId),
          tipoId: String(request.tipoId),
          startDate: request.startDate,
          endDate: request.endDate,
          maxPoints: String(request.maxPoints),
        }).toString()}`,
  criticidades: () => '/sense/criticidad?limit=1000',
  perfiles: () => '/sense/perfil?limit=1000',
  me: () => '/auth/me',
};
