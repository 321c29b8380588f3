import type { TableName } from './registry';

/** A level of the global selection (the sidebar's país, empresa, fundo). */
export type ScopeLevel = 'pais' | 'empresa' | 'fundo';

/** The global selection at its most specific level: one country, company or farm. */
export interface TableScope {
  level: ScopeLevel;
  id: number;
}

/** Several tables that reach the scope the same way: by `column`, through `through`. */
function linkedThrough(through: TableName, column: string, tables: readonly TableName[]) {
  return Object.fromEntries(tables.map((table) => [table, { column, through }]));
}

/**
 * How a table's rows belong to the location hierarchy: the row is in scope when its `column`
 * names a row of `through` that is (the column is that table's key, or a column it shares). A
 * node belongs to the farms of the locations it stands in (localizacion); a threshold, a reading
 * and a placement to their location; an alert to its threshold's; a message to its alert's.
 */
export const SCOPE_LINKS: Partial<Record<TableName, { column: string; through: TableName }>> = {
  empresa: { column: 'paisid', through: 'pais' },
  fundo: { column: 'empresaid', through: 'empresa' },
  ubicacion: { column: 'fundoid', through: 'fundo' },
  ...linkedThrough('ubicacion', 'ubicacionid', ['localizacion', 'umbral', 'medicion']),
  ...linkedThrough('localizacion', 'nodoid', ['nodo', 'sensor', 'metricasensor']),
  ...linkedThrough('umbral', 'umbralid', ['perfilumbral', 'audit_log_umbral', 'alerta']),
  mensaje: { column: 'alertaid', through: 'alerta' },
};

const SCOPE_LEVELS: readonly ScopeLevel[] = ['pais', 'empresa', 'fundo'];

/** The tables a table's rows reach the hierarchy through, nearest first (nodo → localizacion, ubicacion, fundo, empresa, pais). */
export function scopeChain(table: TableName): TableName[] {
  const chain: TableName[] = [];
  for (let link = SCOPE_LINKS[table]; link; link = SCOPE_LINKS[link.through]) chain.push(link.through);
  return chain;
}

/** Whether a table's rows can be narrowed to one row of `level` (a farm's nodes; not a country's countries). */
export function isScopable(table: TableName, level: ScopeLevel): boolean {
  return scopeChain(table).includes(level);
}

/** `fundo:3`, the query parameter `scope` of a table list. */
export function formatTableScope(scope: TableScope): string {
  return `${scope.level}:${scope.id}`;
}

/** The `scope` query parameter read back; null when it is not `pais|empresa|fundo:<positive id>`. */
export function parseTableScope(text: string): TableScope | null {
  const match = /^(pais|empresa|fundo):([1-9]\d{0,9})$/.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  return SCOPE_LEVELS.includes(match[1] as ScopeLevel) && Number.isSafeInteger(id) && id <= 2_147_483_647 ? { level: match[1] as ScopeLevel, id } : null;
}
