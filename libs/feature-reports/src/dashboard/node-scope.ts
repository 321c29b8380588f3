import type { DashboardFilters, GlobalFilters } from '@camposense/data-access';
import type { NodoConLocalizacion } from '@camposense/domain';

/**
 * The nodes the sidebar's country, company and farm and the bar's farm, entity and location all
 * take in (the issue: a farm chosen in the sidebar still listed all 60 nodes).
 */
export function nodesInScope(
  nodes: readonly NodoConLocalizacion[],
  global: GlobalFilters | null,
  filters: Pick<DashboardFilters, 'fundoId' | 'entidadId' | 'ubicacionId'>,
): NodoConLocalizacion[] {
  const matches = (chosen: number | null | undefined, value: number) => chosen == null || chosen === value;
  return nodes.filter(
    (node) =>
      matches(global?.paisId, node.paisid) &&
      matches(global?.empresaId, node.empresaid) &&
      matches(global?.fundoId, node.fundoid) &&
      matches(filters.fundoId, node.fundoid) &&
      matches(filters.entidadId, node.entidadid) &&
      matches(filters.ubicacionId, node.ubicacionid),
  );
}
