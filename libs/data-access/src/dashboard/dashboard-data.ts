import type { NodoConLocalizacion, OpenEpisodesResponse, SeriesResponse } from '@camposense/domain';
import { useMemo } from 'react';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { useFundos } from '../sense/hierarchy';
import { dashboardKeys } from './keys';
import type { EntidadRow, LocalizacionRow, MetricaRow, SeriesRequest, UbicacionRow } from './types';

/*
 * An open dashboard is kept current by the live stream (useLiveUpdates, mounted by the console):
 * a new reading revalidates the series and the node list within a second, no polling.
 */

/** Every fundo, or those of the sidebar's company when one is chosen. */
export function useDashboardFundos(empresaId: number | null) {
  return useFundos(empresaId, { allWhenNone: true });
}

export function useMetricas() {
  return useSWR<MetricaRow[]>(dashboardKeys.metricas(), apiFetcher);
}

export function useNodosConLocalizacion() {
  return useSWR<NodoConLocalizacion[]>(dashboardKeys.nodos(), apiFetcher);
}

export interface DashboardOptions<T> {
  options: T[];
  isLoading: boolean;
  error: unknown;
}

/**
 * The entities placed in the fundo's locations and, for an entity, its locations in the fundo
 * (spec: entities limited to the fundo; locations limited to the fundo and the entity).
 */
export function useDashboardPlaces(fundoId: number | null, entidadId: number | null) {
  const ubicaciones = useSWR<UbicacionRow[]>(dashboardKeys.ubicaciones(fundoId), apiFetcher);
  const localizaciones = useSWR<LocalizacionRow[]>(fundoId === null ? null : dashboardKeys.localizaciones(), apiFetcher);
  const entidades = useSWR<EntidadRow[]>(fundoId === null ? null : dashboardKeys.entidades(), apiFetcher);

  return useMemo(() => {
    const inFundo = new Set((ubicaciones.data ?? []).map((row) => row.ubicacionid));
    const placements = (localizaciones.data ?? []).filter((row) => inFundo.has(row.ubicacionid));
    const placedEntities = new Set(placements.map((row) => row.entidadid));
    const entityLocations = new Set(placements.filter((row) => row.entidadid === entidadId).map((row) => row.ubicacionid));
    const error = ubicaciones.error ?? localizaciones.error ?? entidades.error;
    const placesLoading = ubicaciones.isLoading || localizaciones.isLoading;
    const entities: DashboardOptions<EntidadRow> = {
      options: (entidades.data ?? []).filter((row) => placedEntities.has(row.entidadid)),
      isLoading: placesLoading || entidades.isLoading,
      error,
    };
    const locations: DashboardOptions<UbicacionRow> = {
      options: entidadId === null ? [] : (ubicaciones.data ?? []).filter((row) => entityLocations.has(row.ubicacionid)),
      isLoading: placesLoading,
      error,
    };
    const retry = () => {
      void ubicaciones.mutate();
      void localizaciones.mutate();
      void entidades.mutate();
    };
    return { entities, locations, placements, retry };
  }, [ubicaciones, localizaciones, entidades, entidadId]);
}

/** One metric's downsampled series, asked again when the live stream brings a reading. */
export function useSeries(request: SeriesRequest | null) {
  return useSWR<SeriesResponse>(dashboardKeys.series(request), apiFetcher);
}

/**
 * The open episodes (active or acknowledged) of a node or a location, which the charts mark; asked
 * again when the live stream tells of alerts, acknowledgements, episodes or readings.
 */
export function useOpenEpisodes(scope: { nodoId?: number | null; ubicacionId?: number | null } | null) {
  return useSWR<OpenEpisodesResponse>(dashboardKeys.episodes(scope), apiFetcher);
}
