import { tableDefinition, type TableName } from '@camposense/domain';
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
