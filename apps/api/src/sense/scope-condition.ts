import { isScopable, parseTableScope, SCOPE_LINKS, tableDefinition } from '@camposense/domain';
import type { TableName, TableScope } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { columnRef, tableRef } from './sql-names';
import { validationError } from '../modules/tables/queries';

/**
 * "The row of `table` under alias `alias` is in the global scope", through the joins of
 * SCOPE_LINKS: a farm's nodes are `nodoid in (the nodes placed in (the locations of the farm))`.
 * Every name comes from the registry; the id is a bound parameter. Null when the table does not
 * reach the scope's level (the caller answers 400).
 */
export function scopeCondition(table: TableName, alias: string, scope: TableScope, depth = 0): SQL | null {
  if (!isScopable(table, scope.level)) return null;
  const link = SCOPE_LINKS[table]!;
  const column = columnRef(alias, link.column);
  // The link names the scope's own row: no further join.
  if (link.through === scope.level && link.column === tableDefinition(scope.level).key[0]) return sql`${column} = ${scope.id}`;
  const inner = `s${depth}`;
  const narrowed = scopeCondition(link.through, inner, scope, depth + 1)!;
  // `= any(array(…))`, not `in (…)`: the ids are computed once and filter the rows as an ordered
  // index scan reads them, so a page (`order by fecha desc … limit 50`) stops after its rows; as a
  // semi-join the planner read and sorted every reading of the scope (issue 27, item 8).
  return sql`${column} = any(array(select ${columnRef(inner, link.column)} from ${tableRef(link.through)} ${sql.identifier(inner)} where ${narrowed}))`;
}

/** A list's `scope` parameter as a condition on its rows (alias `t`); 400 when it is malformed or the table does not reach its level. */
export function scopeConditions(table: TableName, text: string | undefined): SQL[] {
  if (text === undefined) return [];
  const scope = parseTableScope(text);
  const condition = scope && scopeCondition(table, 't', scope);
  if (!condition) throw validationError([{ field: 'scope', rule: scope ? 'scope' : 'format' }]);
  return [condition];
}
