import type { UmbralScopeFilters } from '@camposense/domain';

/** What the preview asks: the threshold, the edited band and how many days back. */
export interface ThresholdPreviewRequest {
  umbralId: number;
  minimo: number;
  maximo: number;
  days: number;
}

const FILTER_PARAMS = ['paisId', 'empresaId', 'fundoId', 'ubicacionId', 'nodoId', 'tipoId', 'metricaId'] as const;

/** The chosen filters only, so equal choices share one key. */
function chosen(filters: UmbralScopeFilters): UmbralScopeFilters {
  return Object.fromEntries(FILTER_PARAMS.filter((name) => filters[name] != null).map((name) => [name, filters[name]]));
}

function filterQuery(filters: UmbralScopeFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value != null) query.set(name, String(value));
  }
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => (query.size === 0 ? path : `${path}?${query.toString()}`);

/**
 * SWR keys of the thresholds (`/api/sense/umbrales`, `/api/sense/umbral/{id}/…`): the tab's listings
 * under `['thresholds', 'list']` (a save revalidates them all), everything about one threshold under
 * `['thresholds', 'one', id]`. A `null` key while a required choice is missing.
 */
export const thresholdKeys = {
  all: ['thresholds'] as const,
  lists: ['thresholds', 'list'] as const,
  scope: (filters: UmbralScopeFilters) => ['thresholds', 'list', 'scope', chosen(filters)] as const,
  changes: (filters: UmbralScopeFilters, limit: number) => ['thresholds', 'list', 'changes', chosen(filters), limit] as const,
  /** Every key about any one threshold (a write to the `umbral` table makes them stale). */
  oneAll: ['thresholds', 'one'] as const,
  /** Every key about one threshold starts with this. */
  one: (umbralId: number) => ['thresholds', 'one', umbralId] as const,
  preview: (request: ThresholdPreviewRequest | null) =>
    request === null || !(request.minimo <= request.maximo)
      ? null
      : (['thresholds', 'one', request.umbralId, 'preview', { minimo: request.minimo, maximo: request.maximo, days: request.days }] as const),
  /** The threshold's row with its entity tag. */
  version: (umbralId: number | null) => (umbralId === null ? null : (['thresholds', 'one', umbralId, 'version'] as const)),
  history: (umbralId: number | null) => (umbralId === null ? null : (['thresholds', 'one', umbralId, 'history'] as const)),
  update: () => ['thresholds', 'update'] as const,
  create: () => ['thresholds', 'create'] as const,
  setProfiles: () => ['thresholds', 'set-profiles'] as const,
  saveMassive: () => ['thresholds', 'save-massive'] as const,
};

/** Where the API answers the threshold keys and takes their writes. */
export const thresholdPaths = {
  scope: (filters: UmbralScopeFilters) => withQuery('/sense/umbrales', filterQuery(filters)),
  changes: (filters: UmbralScopeFilters, limit: number) => {
    const query = filterQuery(filters);
    query.set('limit', String(limit));
    return withQuery('/sense/umbrales/cambios', query);
  },
  preview: (umbralId: number, band: Omit<ThresholdPreviewRequest, 'umbralId'>) =>
    `/sense/umbral/${umbralId}/preview?${new URLSearchParams({ minimo: String(band.minimo), maximo: String(band.maximo), days: String(band.days) }).toString()}`,
  one: (umbralId: number) => `/sense/umbral/${umbralId}`,
  history: (umbralId: number) => `/sense/umbral/${umbralId}/historial`,
  profiles: (umbralId: number) => `/sense/umbral/${umbralId}/perfiles`,
  create: () => '/sense/umbral',
  massive: () => '/sense/umbral/massive',
};
