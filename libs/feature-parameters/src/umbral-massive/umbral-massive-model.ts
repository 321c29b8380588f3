import { parseDecimalInput } from '@camposense/domain';
import type { TableRow, UmbralMassiveRow, UmbralPlace, UmbralScopeResponse, UmbralScopeThreshold } from '@camposense/domain';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Offered rows: active ones (statusid 1), or every row of a table without a status. */
const active = (row: TableRow) => row['statusid'] === undefined || row['statusid'] === null || Number(row['statusid']) === 1;

export interface Option {
  value: number;
  label: string;
}

const byLabel = (left: Option, right: Option) => left.label.localeCompare(right.label, 'es') || left.value - right.value;

/** One (location, node, probe, metric) of the chosen farm and entity: a row of the grid. */
export interface GridRow extends UmbralPlace {
  /** ubicacionid/nodoid/tipoid/metricaid */
  key: string;
  /** Its active thresholds, most severe first: a save at one of their levels replaces that one. */
  current: UmbralScopeThreshold[];
}

/** What a person typed in a row: limits stay text until saved, so "-" or "1," can be typed. */
export interface RowDraft {
  minimo: string;
  maximo: string;
  criticidadid: number | null;
}

export const BLANK_DRAFT: RowDraft = { minimo: '', maximo: '', criticidadid: null };

export type DraftField = keyof RowDraft;
export type DraftProblem = 'required' | 'notNumber' | 'invalidBand';
export type DraftProblems = Partial<Record<DraftField, DraftProblem>>;

export const placeKey = (place: { ubicacionid: number; nodoid: number; tipoid: number; metricaid: number }) =>
  `${place.ubicacionid}/${place.nodoid}/${place.tipoid}/${place.metricaid}`;

/** The active farms, by name. */
export function fundoOptions(fundos: readonly TableRow[]): Option[] {
  return fundos
    .filter(active)
    .map((row) => ({ value: Number(row['fundoid']), label: text(row['fundo']) || `#${String(row['fundoid'])}` }))
    .sort(byLabel);
}

/** The active criticality levels, most severe (grado 1) first, named with their grado. */
export function criticidadOptions(criticidades: readonly TableRow[]): (Option & { grado: number })[] {
  return criticidades
    .filter(active)
    .map((row) => ({ value: Number(row['criticidadid']), label: text(row['criticidad']) || `#${String(row['criticidadid'])}`, grado: Number(row['grado'] ?? 0) }))
    .sort((left, right) => left.grado - right.grado || byLabel(left, right));
}

/** Which entity (crop) each probe type belongs to. */
function entityOfType(tipos: readonly TableRow[]): Map<number, number> {
  return new Map(tipos.map((row) => [Number(row['tipoid']), Number(row['entidadid'])]));
}

/** Every (location, node, probe, metric) of the farm's scope, in the listing's order. */
function allRows(scope: UmbralScopeResponse): GridRow[] {
  const rows: GridRow[] = [];
  for (const location of scope.ubicaciones)
    for (const node of location.nodos)
      for (const probe of node.sondas)
        for (const metric of probe.metricas) {
          const place = { ubicacionid: location.ubicacionid, nodoid: node.nodoid, tipoid: probe.tipoid, metricaid: metric.metricaid };
          rows.push({
            key: placeKey(place),
            ...place,
            ubicacion: location.ubicacion,
            nodo: node.nodo,
            tipo: probe.tipo,
            metrica: metric.metrica,
            unidad: metric.unidad,
            current: metric.umbrales.filter((umbral) => umbral.statusid === 1),
          });
        }
  return rows;
}

/** The entities whose probes stand in the farm: only they can be chosen. */
export function entidadOptions(scope: UmbralScopeResponse, tipos: readonly TableRow[], entidades: readonly TableRow[]): Option[] {
  const entityOf = entityOfType(tipos);
  const present = new Set(allRows(scope).map((row) => entityOf.get(row.tipoid)));
  return entidades
    .filter((row) => active(row) && present.has(Number(row['entidadid'])))
    .map((row) => ({ value: Number(row['entidadid']), label: text(row['entidad']) || `#${String(row['entidadid'])}` }))
    .sort(byLabel);
}

/** The grid: every metric of every probe of the entity's types in the farm. */
export function gridRows(scope: UmbralScopeResponse, tipos: readonly TableRow[], entidadid: number): GridRow[] {
  const entityOf = entityOfType(tipos);
  return allRows(scope).filter((row) => entityOf.get(row.tipoid) === entidadid);
}

/** The grid's metrics (its columns to fill at once), each with its unit and how many rows it has. */
export function gridMetrics(rows: readonly GridRow[]): (Option & { unidad: string | null; rows: number })[] {
  const metrics = new Map<number, Option & { unidad: string | null; rows: number }>();
  for (const row of rows) {
    const known = metrics.get(row.metricaid);
    if (known) known.rows += 1;
    else metrics.set(row.metricaid, { value: row.metricaid, label: row.metrica, unidad: row.unidad, rows: 1 });
  }
  return [...metrics.values()].sort(byLabel);
}

export const isBlank = (draft: RowDraft | undefined) =>
  draft === undefined || (draft.minimo.trim() === '' && draft.maximo.trim() === '' && draft.criticidadid === null);

/**
 * What is wrong with a row a person started: both limits as numbers, minimum ≤ maximum (the
 * database's own check, told before it is asked) and a criticality. A blank row has nothing wrong:
 * it is left as it is.
 */
export function draftProblems(draft: RowDraft | undefined): DraftProblems {
  if (draft === undefined || isBlank(draft)) return {};
  const problems: DraftProblems = {};
  const minimo = parseDecimalInput(draft.minimo);
  const maximo = parseDecimalInput(draft.maximo);
  if (minimo === null) problems.minimo = 'required';
  else if (Number.isNaN(minimo)) problems.minimo = 'notNumber';
  if (maximo === null) problems.maximo = 'required';
  else if (Number.isNaN(maximo)) problems.maximo = 'notNumber';
  if (draft.criticidadid === null) problems.criticidadid = 'required';
  if (problems.minimo === undefined && problems.maximo === undefined && minimo! > maximo!) problems.maximo = 'invalidBand';
  return problems;
}

/** Whether a row's save would replace one of its active thresholds (same level) rather than create one. */
export function replacedBy(row: GridRow, criticidadid: number | null): UmbralScopeThreshold | undefined {
  return criticidadid === null ? undefined : row.current.find((umbral) => umbral.criticidadid === criticidadid);
}

export interface SavePlan {
  /** What the save sends: the filled rows without a problem. */
  rows: UmbralMassiveRow[];
  created: number;
  replaced: number;
  /** Started rows with a problem: the save waits until they are mended or emptied. */
  invalid: number;
}

/** The preview of a save: how many thresholds it creates and how many it replaces, and what holds it back. */
export function savePlan(rows: readonly GridRow[], drafts: Readonly<Record<string, RowDraft>>): SavePlan {
  const plan: SavePlan = { rows: [], created: 0, replaced: 0, invalid: 0 };
  for (const row of rows) {
    const draft = drafts[row.key];
    if (draft === undefined || isBlank(draft)) continue;
    if (Object.keys(draftProblems(draft)).length > 0) {
      plan.invalid += 1;
      continue;
    }
    const criticidadid = draft.criticidadid!;
    plan.rows.push({
      ubicacionid: row.ubicacionid,
      nodoid: row.nodoid,
      tipoid: row.tipoid,
      metricaid: row.metricaid,
      criticidadid,
      minimo: parseDecimalInput(draft.minimo)!,
      maximo: parseDecimalInput(draft.maximo)!,
    });
    if (replacedBy(row, criticidadid)) plan.replaced += 1;
    else plan.created += 1;
  }
  return plan;
}

/** Fills one metric's rows with the same band and level ("apply down the column"); the other rows keep theirs. */
export function applyToMetric(
  rows: readonly GridRow[],
  drafts: Readonly<Record<string, RowDraft>>,
  metricaid: number,
  draft: RowDraft,
): Record<string, RowDraft> {
  const next = { ...drafts };
  for (const row of rows) if (row.metricaid === metricaid) next[row.key] = { ...draft };
  return next;
}
