import { isScopable, parseTableScope, SCOPE_LINKS, TABLE_NAMES, tableDefinition } from '@camposense/domain';
import type { ScopeLevel, TableName, TableScope } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { columnRef, tableRef } from './sql-names';
import { validationError } from '../modules/tables/queries';
import { grantedCompanies } from '../security/tenancy';
import type { Grant } from '../security/tenancy';

/**
 * "The row of `table` under alias `alias` is in the global scope", through the joins of
 * SCOPE_LINKS: a farm's nodes are `nodoid in (the nodes placed in (the locations of the farm))`.
 * Every name comes from the registry; the id is a bound parameter. Null when the table does not
 * reach the scope's level (the caller answers 400).
 */
export function scopeCondition(table: TableName, alias: string, scope: TableScope): SQL | null {
  return chainCondition(table, alias, scope.level, (column) => sql`${column} = ${scope.id}`);
}

/** As scopeCondition, the row of `level` being the one whose key `matches`. */
function chainCondition(table: TableName, alias: string, level: ScopeLevel, matches: (column: SQL) => SQL, depth = 0): SQL | null {
  if (!isScopable(table, level)) return null;
  const link = SCOPE_LINKS[table]!;
  const column = columnRef(alias, link.column);
  // The link names the scope's own row: no further join.
  if (link.through === level && link.column === tableDefinition(level).key[0]) return matches(column);
  const inner = `s${depth}`;
  const narrowed = chainCondition(link.through, inner, level, matches, depth + 1)!;
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

/**
 * Tables whose rows belong to no company (issue 32): every signed-in user reads them whatever their
 * grant, each with its reason. A table neither here nor reaching a company through SCOPE_LINKS
 * stops the API at start (below), so a new table cannot be left readable by oversight.
 */
export const GLOBAL_TABLES: Readonly<Partial<Record<TableName, string>>> = {
  entidad: 'what is grown or watched (a crop): a catalogue shared by every company',
  tipo: 'sensor types: a catalogue shared by every company',
  metrica: 'metrics and their units: a catalogue',
  criticidad: 'severity levels of thresholds: a catalogue',
  medio: 'the notification channels (correo, sms)',
  status: 'the labels of status values',
  codigotelefono: 'telephone country codes',
  perfil: 'notification profiles of the installation; which thresholds they watch is perfilumbral, narrowed by company',
  usuario: 'people of the installation (data-model.md gives them no company); a reader already sees others\' logins hidden',
  usuarioperfil: 'which profile a person holds: people, not company data',
  contacto: 'how a person is reached; others\' phones and e-mails are hidden from readers (reader-view.ts)',
  correo: 'a person\'s e-mail addresses; hidden from readers but their own (reader-view.ts)',
};

/** Whether a company-bound table reaches `empresa` (country and company themselves are handled apart). */
const reachesCompany = (table: TableName) => table === 'pais' || table === 'empresa' || isScopable(table, 'empresa');

for (const table of TABLE_NAMES) {
  if (GLOBAL_TABLES[table] === undefined && !reachesCompany(table)) {
    throw new Error(`${table}: neither global (GLOBAL_TABLES) nor linked to a company (SCOPE_LINKS): issue 32 needs one or the other`);
  }
}

/**
 * The rows of `table` (alias `alias`) in the request's grant, as conditions: none for an admin or
 * a global table. A country is granted when one of its companies is; every other table reaches its
 * company through the joins of SCOPE_LINKS, the company ids a bound array (one InitPlan per query).
 */
export function grantConditions(table: TableName, alias: string, grant: Grant): SQL[] {
  if (grant.all || GLOBAL_TABLES[table] !== undefined) return [];
  const granted = (column: SQL) => grantedCompanies(grant, column)!;
  if (table === 'pais') {
    return [sql`${columnRef(alias, 'paisid')} = any(array(select ge.paisid from ${tableRef('empresa')} ge where ${granted(sql`ge.empresaid`)}))`];
  }
  if (table === 'empresa') return [granted(columnRef(alias, 'empresaid'))];
  return [chainCondition(table, alias, 'empresa', granted)!];
}
