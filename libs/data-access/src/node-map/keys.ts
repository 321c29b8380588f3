/** The map's scope: the sidebar's country, company and farm and the bar's farm and location (null: all). */
export interface NodeMapScope {
  paisId: number | null;
  empresaId: number | null;
  fundoId: number | null;
  ubicacionId: number | null;
}

/**
 * SWR keys of issue 33: `['node-map', scope]` the scope's nodes on the map, `['node-health', nodoid]`
 * a node's radio health (a `null` key while no node is chosen). Under `nodes` revalidation too:
 * the live stream asks `['nodes', …]` again on readings and alerts.
 */
export const nodeMapKeys = {
  map: (scope: NodeMapScope) => ['nodes', 'map', scope] as const,
  health: (nodoId: number | null) => (nodoId === null ? null : (['nodes', 'health', nodoId] as const)),
};

export const nodeMapPaths = {
  map: ({ paisId, empresaId, fundoId, ubicacionId }: NodeMapScope) => {
    const query = new URLSearchParams();
    if (paisId !== null) query.set('paisid', String(paisId));
    if (empresaId !== null) query.set('empresaid', String(empresaId));
    if (fundoId !== null) query.set('fundoid', String(fundoId));
    if (ubicacionId !== null) query.set('ubicacionid', String(ubicacionId));
    const text = query.toString();
    return text ? `/sense/mapa?${text}` : '/sense/mapa';
  },
  health: (nodoId: number) => `/sense/nodos/${nodoId}/salud`,
};
