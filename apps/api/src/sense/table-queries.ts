import type { Database } from '@camposense/db';
import type { ApiErrorDetail, PaginatedRows, SortDirection, TableDefinition, TableEmbed, TableRow } from '@camposense/domain';
import { findTable } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ApiError } from '../errors/api-error';
import type { Catalogue, CatalogueTable } from './catalogue';
import { checkFilterValue } from './row-values';
import { columnRef, tableRef } from './sql-names';
import { normaliseTimestamps } from './timestamps';

const ROW = 't';

/** What narrows and orders a list: every name here is checked against the catalogue before use. */
export interface ListCriteria {
  search?: string | undefined;
  sortBy?: string | undefined;
  sortOrder?: SortDirection | undefined;
  /** Column → raw query-string value, filtered by equality. */
  filters?: Readonly<Record<string, unknown>> | undefined;
  /** Extra conditions on the row alias `t`, built by callers from constants (parent filters). */
  conditions?: readonly SQL[] | undefined;
}

export const validationError = (details: ApiErrorDetail[]) => new ApiError(400, 'VALIDATION', undefined, details);

/** `%value%` for ILIKE, with LIKE's wildcards in the value taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The table's visible columns, and its embeds, as a select list over alias `t`. */
async function selectList(catalogue: Catalogue, table: CatalogueTable): Promise<SQL> {
  const columns = table.visible.map((column) => columnRef(ROW, column.column_name));
  const embeds = await Promise.all(
    table.definition.embeds.map(async (embed, index) =>
      sql`${await embedValue(catalogue, embed, ROW, `e${index}`)} as ${sql.identifier(embed.as)}`,
    ),
  );
  return sql.join([...columns, ...embeds], sql`, `);
}

/** A correlated subquery answering the embedded row as JSON (or one of its values). */
async function embedValue(catalogue: Catalogue, embed: TableEmbed, parentAlias: string, alias: string): Promise<SQL> {
  const definition = findTable(embed.table);
  if (!definition) throw new Error(`embed of an unregistered table: ${embed.table}`);
  const target = await catalogue.table(definition);
  const join = sql`${columnRef(alias, embed.on)} = ${columnRef(parentAlias, embed.on)}`;
  if (embed.column) {
    return sql`(select ${columnRef(alias, embed.column)} from ${tableRef(embed.table)} ${sql.identifier(alias)} where ${join} limit 1)`;
  }
  const names = embed.columns ?? target.visible.map((column) => column.column_name);
  const pairs = names.map((name) => sql`${name}::text, ${columnRef(alias, name)}`);
  const nested = await Promise.all(
    (embed.embeds ?? []).map(
      async (child, index) => sql`, ${child.as}::text, ${await embedValue(catalogue, child, alias, `${alias}_${index}`)}`,
    ),
  );
  return sql`(select jsonb_build_object(${sql.join(pairs, sql`, `)}${sql.join(nested, sql``)}) from ${tableRef(embed.table)} ${sql.identifier(alias)} where ${join} limit 1)`;
}

/** The where clause of a list: parent conditions, equality filters and the search. */
function whereClause(table: CatalogueTable, criteria: ListCriteria): SQL {
  const conditions: SQL[] = [...(criteria.conditions ?? [])];
  const errors: ApiErrorDetail[] = [];
  for (const [key, raw] of Object.entries(criteria.filters ?? {})) {
    const column = table.columns.get(key);
    if (!column || table.definition.hiddenColumns.includes(key)) {
      errors.push({ field: key, rule: 'unknown' });
      continue;
    }
    const checked = checkFilterValue(column, raw);
    if (checked.ok) conditions.push(sql`${columnRef(ROW, key)} = ${checked.value}`);
    else errors.push(checked.detail);
  }
  if (errors.length > 0) throw validationError(errors);
  const search = criteria.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const matches = table.definition.searchColumns.map((name) => sql`${columnRef(ROW, name)} ilike ${pattern}`);
    // A table without text columns has nothing a search could match.
    conditions.push(matches.length > 0 ? sql`(${sql.join(matches, sql` or `)})` : sql`false`);
  }
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** `order by`: the requested column (checked) then the registry's default, then the key, so pages are stable. */
function orderClause(table: CatalogueTable, criteria: ListCriteria): SQL {
  const { definition } = table;
  const order: { column: string; direction: SortDirection }[] = [];
  if (criteria.sortBy !== undefined) {
    if (!table.columns.has(criteria.sortBy) || definition.hiddenColumns.includes(criteria.sortBy)) {
      throw validationError([{ field: 'sortBy', rule: 'unknown' }]);
    }
    order.push({ column: criteria.sortBy, direction: criteria.sortOrder ?? 'asc' });
  }
  order.push(...definition.orderBy, ...definition.key.map((column) => ({ column, direction: 'asc' as const })));
  // The first mention of a column decides its direction; later ones would change nothing.
  const unique = new Map<string, SortDirection>();
  for (const { column, direction } of order) if (!unique.has(column)) unique.set(column, direction);
  const terms = [...unique].map(
    ([column, direction]) => sql`${columnRef(ROW, column)} ${direction === 'desc' ? sql`desc` : sql`asc`}`,
  );
  return sql`order by ${sql.join(terms, sql`, `)}`;
}

export interface TableQueries {
  /** The rows as an array; `limit` null means all of them. */
  list(definition: TableDefinition, criteria: ListCriteria, limit: number | null): Promise<TableRow[]>;
  page(definition: TableDefinition, criteria: ListCriteria, page: number, pageSize: number): Promise<PaginatedRows>;
  /** The statement `list` would run, for the benchmark's bare-SQL side. */
  listStatement(definition: TableDefinition, criteria: ListCriteria, limit: number | null, offset?: number): Promise<SQL>;
  countStatement(definition: TableDefinition, criteria: ListCriteria): Promise<SQL>;
}

export function createTableQueries(database: Database, catalogue: Catalogue): TableQueries {
  async function listStatement(definition: TableDefinition, criteria: ListCriteria, limit: number | null, offset = 0) {
    const table = await catalogue.table(definition);
    const where = whereClause(table, criteria);
    const order = orderClause(table, criteria);
    const columns = await selectList(catalogue, table);
    const limitClause = limit === null ? sql`` : sql`limit ${limit}`;
    const offsetClause = offset > 0 ? sql`offset ${offset}` : sql``;
    return sql`select ${columns} from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where} ${order} ${limitClause} ${offsetClause}`;
  }

  async function countStatement(definition: TableDefinition, criteria: ListCriteria) {
    const table = await catalogue.table(definition);
    return sql`select count(*)::int as total from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${whereClause(table, criteria)}`;
  }

  return {
    listStatement,
    countStatement,
    async list(definition, criteria, limit) {
      const rows = await database.query<TableRow>(await listStatement(definition, criteria, limit));
      return normaliseTimestamps(rows, (await catalogue.table(definition)).timestamps);
    },
    async page(definition, criteria, page, pageSize) {
      const [rowsStatement, totalStatement] = await Promise.all([
        listStatement(definition, criteria, pageSize, (page - 1) * pageSize),
        countStatement(definition, criteria),
      ]);
      const [data, counted] = await Promise.all([
        database.query<TableRow>(rowsStatement),
        database.query<{ total: number }>(totalStatement),
      ]);
      const total = counted[0]?.total ?? 0;
      normaliseTimestamps(data, (await catalogue.table(definition)).timestamps);
      return { data, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
    },
  };
}
