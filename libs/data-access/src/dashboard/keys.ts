import type { SeriesRequest } from './types';

/** SWR keys of the dashboard's calls; a `null` key while a required choice is missing. */
export const dashboardKeys = {
  ubicaciones: (fundoId: number | null) => (fundoId === null ? null : `/sense/ubicaciones?fundoId=${fundoId}`),
  entidades: () => '/sense/entidades',
  localizaciones: () => '/sense/localizaciones',
  metricas: () => '/sense/metricas',
  nodos: () => '/sense/nodos-con-localizacion?limit=1000',
  series: (request: SeriesRequest | null) => {
    if (!request || (request.nodoId == null && request.ubicacionId == null)) return null;
    const query = new URLSearchParams({ metricaId: String(request.metricaId) });
    if (request.nodoId != null) query.set('nodoId', String(request.nodoId));
    else if (request.ubicacionId != null) query.set('ubicacionId', String(request.ubicacionId));
    query.set('startDate', request.startDate);
    query.set('endDate', request.endDate);
    query.set('maxPoints', String(request.maxPoints));
    return `/sense/series?${query.toString()}`;
  },
};
