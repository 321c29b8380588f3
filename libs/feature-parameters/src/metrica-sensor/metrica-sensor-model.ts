import type { MetricaSensorTriple, TableRow } from '@camposense/domain';
import type { ChoiceOption } from '../choice-list/choice-list';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Offered rows: active ones (statusid 1), or every row of a table without a status. */
const active = (row: TableRow) => row['statusid'] === undefined || row['statusid'] === null || Number(row['statusid']) === 1;
const byLabel = (left: ChoiceOption, right: ChoiceOption) => left.label.localeCompare(right.label, 'es') || left.value - right.value;

/** A node by its name, its DevEUI (else its abbreviation) beside: both are searched. */
export function nodoOption(row: TableRow): ChoiceOption {
  const detail = text(row['deveui']) || text(row['nodoabrev']);
  return { value: Number(row['nodoid']), label: text(row['nodo']) || `#${String(row['nodoid'])}`, detail: detail || undefined };
}

/**
 * A probe type by its name and its crop ("Sonda suelo 20 cm · Palta"): the same name exists per
 * crop, so the name alone does not say which one is meant.
 */
export function tipoLabel(row: TableRow, entidades: readonly TableRow[]): string {
  const tipo = text(row['tipo']) || `#${String(row['tipoid'])}`;
  const entidad = entidades.find((candidate) => Number(candidate['entidadid']) === Number(row['entidadid']));
  const crop = entidad ? text(entidad['entidad']) : '';
  return crop ? `${tipo} · ${crop}` : tipo;
}

/** A metric by its name, its unit beside ("Temperatura" / "°C"). */
export function metricaOption(row: TableRow): ChoiceOption {
  const unidad = text(row['unidad']);
  return { value: Number(row['metricaid']), label: text(row['metrica']) || `#${String(row['metricaid'])}`, detail: unidad || undefined };
}

/** The active probes (sensor rows) as (node, type) pairs. */
function probes(sensores: readonly TableRow[]) {
  return sensores.filter(active).map((row) => ({ nodoid: Number(row['nodoid']), tipoid: Number(row['tipoid']) }));
}

/** The active nodes that carry at least one probe, by name: only they can report a metric. */
export function nodesWithProbes(nodos: readonly TableRow[], sensores: readonly TableRow[]): ChoiceOption[] {
  const carrying = new Set(probes(sensores).map((probe) => probe.nodoid));
  return nodos.filter((row) => active(row) && carrying.has(Number(row['nodoid']))).map(nodoOption).sort(byLabel);
}

/** The active probe types among `tipoids`, named with their crop, by name. */
function typeOptions(tipoids: ReadonlySet<number>, tipos: readonly TableRow[], entidades: readonly TableRow[]): ChoiceOption[] {
  return tipos
    .filter((row) => active(row) && tipoids.has(Number(row['tipoid'])))
    .map((row) => ({ value: Number(row['tipoid']), label: tipoLabel(row, entidades) }))
    .sort(byLabel);
}

/** The probe types a node carries (its sensor rows). */
export function probeTypesOf(nodoid: number, sensores: readonly TableRow[], tipos: readonly TableRow[], entidades: readonly TableRow[]): ChoiceOption[] {
  return typeOptions(new Set(probes(sensores).filter((probe) => probe.nodoid === nodoid).map((probe) => probe.tipoid)), tipos, entidades);
}

/** The probe types at least one node carries: what the massive mode can map. */
export function probeTypesInUse(sensores: readonly TableRow[], tipos: readonly TableRow[], entidades: readonly TableRow[]): ChoiceOption[] {
  return typeOptions(new Set(probes(sensores).map((probe) => probe.tipoid)), tipos, entidades);
}

/** The active nodes that carry a probe of `tipoid`, by name: only they can receive its mapping. */
export function nodesWithProbe(tipoid: number, nodos: readonly TableRow[], sensores: readonly TableRow[]): ChoiceOption[] {
  const carrying = new Set(probes(sensores).filter((probe) => probe.tipoid === tipoid).map((probe) => probe.nodoid));
  return nodos.filter((row) => active(row) && carrying.has(Number(row['nodoid']))).map(nodoOption).sort(byLabel);
}

/** The metrics a probe (node, type) already reports (any status: the key is taken either way). */
export function mappedMetrics(triples: readonly MetricaSensorTriple[], nodoid: number, tipoid: number): Set<number> {
  return new Set(triples.filter((triple) => triple.nodoid === nodoid && triple.tipoid === tipoid).map((triple) => triple.metricaid));
}

/**
 * The active metrics as options with their unit, by name; those in `held` (already mapped to the
 * probe) are marked so the list shows them ticked and disabled, plus any held metric no longer active.
 */
export function metricOptions(metricas: readonly TableRow[], held: ReadonlySet<number> = new Set()): ChoiceOption[] {
  return metricas
    .filter((row) => active(row) || held.has(Number(row['metricaid'])))
    .map((row) => {
      const option = metricaOption(row);
      return held.has(option.value) ? { ...option, held: true } : option;
    })
    .sort(byLabel);
}

/** The metricasensor rows as triples. */
export function triplesOf(rows: readonly TableRow[]): MetricaSensorTriple[] {
  return rows.map((row) => ({ nodoid: Number(row['nodoid']), tipoid: Number(row['tipoid']), metricaid: Number(row['metricaid']) }));
}
