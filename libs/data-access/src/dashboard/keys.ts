import { toSeriesQuery } from './types';
import type { SeriesRequest } from './types';

/** GET /api/episodes: open alarm episodes. */
export const EPISODES = '/episodes';

/** SWR keys of the dashboard's calls; a `null` key while a required choice is missing. */
export const dashboardKeys = {
  ubicaciones: (fundoId: number | null) => (fundoId === null ? null : `/sense/ubicaciones?fundoId=${fundoId}`),
  entidades: () => '/sense/entidades',
  /** Every company (their countries give a farm without a zone of its own its country's). */
  empresas: () => '/sense/empresas',
  localizaciones: () => '/sense/localizaciones',
  metricas: () => '/sense/metricas',
  nodos: () => '/sense/nodos-con-localizacion?limit=1000',
  /** The open episodes of the charts' scope: a node, else a location. */
  episodes: (scope: { nodoId?: number | null; ubicacionId?: number | null } | null) => {
    if (scope?.nodoId != null) return `${EPISODES}?nodoId=${scope.nodoId}`;
    if (scope?.ubicacionId != null) return `${EPISODES}?ubicacionId=${scope.ubicacionId}`;
    return null;
  },
  series: (request: SeriesRequest | null) => {
    if (!request || (request.nodoId == null && request.ubicacionId == null)) return null;
    // The key is the URL: its parameters in toSeriesQuery's order, so equal requests share a cache entry.
    const query = new URLSearchParams(Object.entries(toSeriesQuery(request)).map(([name, value]) => [name, String(value)]));
    return `/sense/series?${query.toString()}`;
  },
};
