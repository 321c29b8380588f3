/** SWR keys of the sense calls: the path is the key, so every hook of one resource shares a cache entry. */
export const senseKeys = {
  detect: () => '/sense/detect',
  paises: () => '/sense/paises',
  /** GET /api/sense/en-curso: the header's "Alertas en curso" (libs/domain/src/ongoing.ts). */
  enCurso: () => '/sense/en-curso',
  empresas: (paisId: number | null) => (paisId === null ? null : `/sense/empresas?paisId=${paisId}`),
  /**
   * Farms of one company. With no company chosen: nothing is asked (the sidebar's picker), or
   * every farm with `allWhenNone` (the dashboard). One factory, so both share the cache entry.
   */
  fundos: (empresaId: number | null, { allWhenNone = false }: { allWhenNone?: boolean } = {}) =>
    empresaId !== null ? `/sense/fundos?empresaId=${empresaId}` : allWhenNone ? '/sense/fundos' : null,
  tableTotal: (table: string, filters: Record<string, string | number> = {}) => {
    const query = new URLSearchParams({ page: '1', pageSize: '1' });
    for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
    return `/sense/${table}?${query.toString()}`;
  },
};
