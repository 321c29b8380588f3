/** SWR keys of the sense calls: the path is the key, so every hook of one resource shares a cache entry. */
export const senseKeys = {
  detect: () => '/sense/detect',
  paises: () => '/sense/paises',
  empresas: (paisId: number | null) => (paisId === null ? null : `/sense/empresas?paisId=${paisId}`),
  fundos: (empresaId: number | null) => (empresaId === null ? null : `/sense/fundos?empresaId=${empresaId}`),
  tableTotal: (table: string, filters: Record<string, string | number> = {}) => {
    const query = new URLSearchParams({ page: '1', pageSize: '1' });
    for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
    return `/sense/${table}?${query.toString()}`;
  },
};
