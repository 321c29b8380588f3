import { formatTableScope, isScopable, tableDefinition, type ScopeLevel, type TableName } from '@camposense/domain';
import type { GlobalFilters } from '../filters/global-filters';

/** Which global choice fills which parent column of the hierarchy. */
const SCOPE_OF_COLUMN: Record<string, keyof GlobalFilters> = { paisid: 'paisId', empresaid: 'empresaId', fundoid: 'fundoId' };

/**
 * The column filter that keeps a status view inside the sidebar's scope, for a table whose parent
 * column is one of the hierarchy's (empresa → paisid, fundo → empresaid, ubicacion → fundoid) and
 * whose parent is chosen; none otherwise (the API filters only by a column of the table itself).
 */
export function globalScopeFilter(table: TableName, scope: GlobalFilters | null): Record<string, number> | undefined {
  const parent = tableDefinition(table).parent;
  const choice = parent ? SCOPE_OF_COLUMN[parent.column] : undefined;
  const value = choice && scope ? scope[choice] : null;
  return parent && value !== null && value !== undefined ? { [parent.column]: value } : undefined;
}

/** The most specific level chosen first: a farm's rows, else its company's, else its country's. */
const LEVELS: readonly [ScopeLevel, keyof GlobalFilters][] = [
  ['fundo', 'fundoId'],
  ['empresa', 'empresaId'],
  ['pais', 'paisId'],
];

/** How a status view asks for the rows of the global scope: a parent column, or the API's `scope`. */
export interface TableScopeQuery {
  filters?: Record<string, number>;
  /** `fundo:3`: the API follows the joins (a node through its placements). */
  scope?: string;
}

/**
 * The global scope of a status view. A hierarchy table whose parent is chosen is filtered by its
 * parent column (a farm's company lists the company's farms, the chosen one among them); every
 * other table that reaches the hierarchy, through its own columns or through joins (nodo via
 * localizacion → ubicacion → fundo), gets the API's `scope` at the most specific level chosen.
 * Nothing for a table outside the hierarchy (metrica, criticidad) or without a choice.
 */
export function globalTableScope(table: TableName, scope: GlobalFilters | null): TableScopeQuery {
  const filters = globalScopeFilter(table, scope);
  if (filters) return { filters };
  if (!scope) return {};
  for (const [level, choice] of LEVELS) {
    const id = scope[choice];
    if (id !== null && id !== undefined) return isScopable(table, level) ? { scope: formatTableScope({ level, id }) } : {};
  }
  return {};
}
