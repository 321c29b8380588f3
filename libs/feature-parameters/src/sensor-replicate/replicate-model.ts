import type { SensorPair, TableRow } from '@camposense/domain';
import type { ChoiceOption } from '../choice-list/choice-list';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Active rows: statusid 1, or a table without the column. */
const active = (row: TableRow) => row['statusid'] === undefined || row['statusid'] === null || Number(row['statusid']) === 1;
const byLabel = (left: ChoiceOption, right: ChoiceOption) => left.label.localeCompare(right.label, 'es', { numeric: true }) || left.value - right.value;

/**
 * The active nodes, by name, each with "DevEUI · location" beside (the places it stands in, from
 * `localizacion`), so a search finds a node by its name, its DevEUI or where it is.
 */
export function nodeOptions(nodos: readonly TableRow[], localizaciones: readonly TableRow[], ubicaciones: readonly TableRow[]): ChoiceOption[] {
  const placeNames = new Map(ubicaciones.map((row) => [Number(row['ubicacionid']), text(row['ubicacion'])]));
  const places = new Map<number, string[]>();
  for (const row of localizaciones.filter(active)) {
    const nodoid = Number(row['nodoid']);
    const name = placeNames.get(Number(row['ubicacionid']));
    if (!name) continue;
    const held = places.get(nodoid) ?? [];
    if (!held.includes(name)) held.push(name);
    places.set(nodoid, held);
  }
  return nodos
    .filter(active)
    .map((row) => {
      const nodoid = Number(row['nodoid']);
      const detail = [text(row['deveui']), (places.get(nodoid) ?? []).sort((left, right) => left.localeCompare(right, 'es')).join(', ')].filter(Boolean).join(' · ');
      return { value: nodoid, label: text(row['nodo']) || `#${nodoid}`, detail: detail || undefined };
    })
    .sort(byLabel);
}

/** The active probe types, by name, each with its entity beside (the same name repeats per crop). */
export function tipoOptions(tipos: readonly TableRow[], entidades: readonly TableRow[]): ChoiceOption[] {
  const entities = new Map(entidades.map((row) => [Number(row['entidadid']), text(row['entidad'])]));
  return tipos
    .filter(active)
    .map((row) => {
      const tipoid = Number(row['tipoid']);
      return { value: tipoid, label: text(row['tipo']) || `#${tipoid}`, detail: entities.get(Number(row['entidadid'])) || undefined };
    })
    .sort(byLabel);
}

/** The nodes the probe set can be replicated onto: every node but the one chosen. */
export function replicaTargets(nodes: readonly ChoiceOption[], nodoid: number | null): ChoiceOption[] {
  return nodes.filter((option) => option.value !== nodoid);
}

export interface ExistingPair extends SensorPair {
  nodo: string;
  tipo: string;
}

export interface ReplicatePlan {
  /** The node chosen first, then the replicas, each once. */
  nodoids: number[];
  tipoids: number[];
  /** Every (node, type) pair asked for. */
  total: number;
  /** The pairs asked for that exist already (they will be skipped), named, by node then type. */
  existing: ExistingPair[];
  /** The pairs that will be written. */
  toCreate: number;
}

/**
 * What CREAR will ask for: the chosen probe types on the chosen node and on every replica, and
 * which of those pairs the `sensor` table holds already.
 */
export function replicatePlan(
  nodoid: number,
  replicas: readonly number[],
  tipoids: readonly number[],
  sensors: readonly SensorPair[],
  options: { nodes: readonly ChoiceOption[]; tipos: readonly ChoiceOption[] },
): ReplicatePlan {
  const nodoids = [...new Set([nodoid, ...replicas])];
  const types = [...new Set(tipoids)];
  const held = new Set(sensors.map((pair) => `${pair.nodoid}:${pair.tipoid}`));
  const nodeNames = new Map(options.nodes.map((option) => [option.value, option.label]));
  const typeNames = new Map(options.tipos.map((option) => [option.value, option.label]));
  const existing: ExistingPair[] = [];
  for (const node of nodoids)
    for (const type of types)
      if (held.has(`${node}:${type}`)) existing.push({ nodoid: node, tipoid: type, nodo: nodeNames.get(node) ?? `#${node}`, tipo: typeNames.get(type) ?? `#${type}` });
  existing.sort((left, right) => left.nodo.localeCompare(right.nodo, 'es', { numeric: true }) || left.tipo.localeCompare(right.tipo, 'es'));
  const total = nodoids.length * types.length;
  return { nodoids, tipoids: types, total, existing, toCreate: total - existing.length };
}
