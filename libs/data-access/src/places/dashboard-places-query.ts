import { useMemo } from 'react';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { placeKeys, placePaths } from './keys';
import type { EntidadRow, LocalizacionRow, UbicacionRow } from './types';

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
  const ubicaciones = useSWR<UbicacionRow[]>(placeKeys.locations(fundoId), ([, , id]: readonly [string, string, number]) => apiFetcher(placePaths.locations(id)));
  const localizaciones = useSWR<LocalizacionRow[]>(fundoId === null ? null : placeKeys.placements(), () => apiFetcher(placePaths.placements()));
  const entidades = useSWR<EntidadRow[]>(fundoId === null ? null : placeKeys.entities(), () => apiFetcher(placePaths.entities()));

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
