/**
 * SWR keys of the place hierarchy the shell and the dashboard read: countries, companies, farms,
 * locations, entities and placements (which node stands where for which entity). A `null` key
 * while a required choice is missing.
 */
export const placeKeys = {
  all: ['places'] as const,
  countries: () => ['places', 'countries'] as const,
  /** Companies of one country; every company with `'all'` (their countries give a farm its zone). */
  companies: (paisId: number | 'all' | null) => (paisId === null ? null : (['places', 'companies', paisId] as const)),
  /**
   * Farms of one company. With no company chosen: nothing is asked (the sidebar's picker), or
   * every farm with `allWhenNone` (the dashboard). One factory, so both share the cache entry.
   */
  farms: (empresaId: number | null, { allWhenNone = false }: { allWhenNone?: boolean } = {}) =>
    empresaId !== null ? (['places', 'farms', empresaId] as const) : allWhenNone ? (['places', 'farms', 'all'] as const) : null,
  locations: (fundoId: number | null) => (fundoId === null ? null : (['places', 'locations', fundoId] as const)),
  entities: () => ['places', 'entities'] as const,
  placements: () => ['places', 'placements'] as const,
};

export const placePaths = {
  countries: () => '/sense/paises',
  companies: (paisId: number | 'all') => (paisId === 'all' ? '/sense/empresas' : `/sense/empresas?paisId=${paisId}`),
  farms: (empresaId: number | 'all') => (empresaId === 'all' ? '/sense/fundos' : `/sense/fundos?empresaId=${empresaId}`),
  locations: (fundoId: number) => `/sense/ubicaciones?fundoId=${fundoId}`,
  entities: () => '/sense/entidades',
  placements: () => '/sense/localizaciones',
};
