import type { UmbralScopeLocation, UmbralScopeResponse, UmbralScopeThreshold } from '@camposense/domain';
import type { ThresholdPlace } from '../threshold-panel/threshold-place';

/** The location, node, probe type and metric pickers; null is "all". */
export interface ScopePicks {
  ubicacionId: number | null;
  nodoId: number | null;
  tipoId: number | null;
  metricaId: number | null;
}

export const NO_PICKS: ScopePicks = { ubicacionId: null, nodoId: null, tipoId: null, metricaId: null };

/** One row of the list: a threshold, or a metric without one ("sin umbral"). */
export interface ScopeRow {
  key: string;
  place: ThresholdPlace;
  umbral: UmbralScopeThreshold | null;
}

export interface ScopeOption {
  value: number;
  label: string;
}

const byLabel = (left: ScopeOption, right: ScopeOption) => left.label.localeCompare(right.label);

function uniqueOptions(entries: Iterable<[number, string]>): ScopeOption[] {
  return [...new Map(entries)].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** What each picker can offer: only what the scope holds. */
export function pickerOptions(scope: UmbralScopeResponse) {
  const locations = scope.ubicaciones;
  const nodes = locations.flatMap((location) => location.nodos);
  const probes = nodes.flatMap((node) => node.sondas);
  return {
    ubicaciones: uniqueOptions(locations.map((location) => [location.ubicacionid, location.ubicacion])),
    nodos: uniqueOptions(nodes.map((node) => [node.nodoid, node.nodo])),
    tipos: uniqueOptions(probes.map((probe) => [probe.tipoid, probe.tipo])),
    metricas: uniqueOptions(probes.flatMap((probe) => probe.metricas.map((metric) => [metric.metricaid, metric.metrica] as [number, string]))),
  };
}

export interface LocationGroup {
  location: UmbralScopeLocation;
  nodes: { nodoid: number; nodo: string; rows: ScopeRow[] }[];
}

/** The scope narrowed by the pickers, as location → node groups of rows (probe, metric, threshold). */
export function groupRows(scope: UmbralScopeResponse, picks: ScopePicks): LocationGroup[] {
  const groups: LocationGroup[] = [];
  for (const location of scope.ubicaciones) {
    if (picks.ubicacionId !== null && location.ubicacionid !== picks.ubicacionId) continue;
    const nodes: LocationGroup['nodes'] = [];
    for (const node of location.nodos) {
      if (picks.nodoId !== null && node.nodoid !== picks.nodoId) continue;
      const rows: ScopeRow[] = [];
      for (const probe of node.sondas) {
        if (picks.tipoId !== null && probe.tipoid !== picks.tipoId) continue;
        for (const metric of probe.metricas) {
          if (picks.metricaId !== null && metric.metricaid !== picks.metricaId) continue;
          const place: ThresholdPlace = {
            ubicacionid: location.ubicacionid,
            ubicacion: location.ubicacion,
            nodoid: node.nodoid,
            nodo: node.nodo,
            tipoid: probe.tipoid,
            tipo: probe.tipo,
            metricaid: metric.metricaid,
            metrica: metric.metrica,
            unidad: metric.unidad,
          };
          const base = `${location.ubicacionid}-${node.nodoid}-${probe.tipoid}-${metric.metricaid}`;
          if (metric.umbrales.length === 0) rows.push({ key: `${base}-none`, place, umbral: null });
          for (const umbral of metric.umbrales) rows.push({ key: `${base}-${umbral.umbralid}`, place, umbral });
        }
      }
      if (rows.length > 0) nodes.push({ nodoid: node.nodoid, nodo: node.nodo, rows });
    }
    if (nodes.length > 0) groups.push({ location, nodes });
  }
  return groups;
}

/**
 * The first `limit` rows of `groups`, in their groups: what a first paint needs to fill the screen
 * while the rest is rendered behind it.
 */
export function firstRows(groups: readonly LocationGroup[], limit: number): LocationGroup[] {
  const first: LocationGroup[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    const nodes: LocationGroup['nodes'] = [];
    for (const node of group.nodes) {
      if (left <= 0) break;
      const rows = node.rows.slice(0, left);
      left -= rows.length;
      nodes.push({ ...node, rows });
    }
    first.push({ ...group, nodes });
  }
  return first;
}
