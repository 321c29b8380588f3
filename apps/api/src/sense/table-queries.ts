import type { Database } from '@camposense/db';
import type { ApiErrorDetail, PaginatedRows, SortDirection, TableDefinition, TableEmbed, TableRow } from '@camposense/domain';
import { findTable } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ApiError } from '../errors/api-error';
import type { Catalogue, CatalogueTable } from './catalogue';
import { checkFilterValue } from './row-values';
import { columnRef, tableRef } from './sql-names';
import { STREAM_BATCH_ROWS } from './streaming';
import type { JsonBatch } from './streaming';
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
  /** The columns `search` matches, when fewer than the registry's (a reader's view). */
  searchColumns?: readonly string[] | undefined;
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
  const join = sql.join(
    [embed.on, ...(embed.alsoOn ? [embed.alsoOn] : [])].map((column) => sql`${columnRef(alias, column)} = ${columnRef(parentAlias, column)}`),
    sql` and `,
  );
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
  const conditions = whereConditions(table, criteria);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

function whereConditions(table: CatalogueTable, criteria: ListCriteria): SQL[] {
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
    const matches = (criteria.searchColumns ?? table.definition.searchColumns).map((name) => sql`${columnRef(ROW, name)} ilike ${pattern}`);
    // A table without text columns has nothing a search could match.
    conditions.push(matches.length > 0 ? sql`(${sql.join(matches, sql` or `)})` : sql`false`);
  }
  return conditions;
}

interface OrderTerm {
  column: string;
  direction: SortDirection;
}

/** `order by`: the requested column (checked) then the registry's default, then the key, so pages are stable. */
function orderClause(table: CatalogueTable, criteria: ListCriteria): SQL {
  const terms = orderTerms(table, criteria).map(
    ({ column, direction }) => sql`${columnRef(ROW, column)} ${direction === 'desc' ? sql`desc` : sql`asc`}`,
  );
  return sql`order by ${sql.join(terms, sql`, `)}`;
}

function orderTerms(table: CatalogueTable, criteria: ListCriteria): OrderTerm[] {
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
  return [...unique].map(([column, direction]) => ({ column, direction }));
}

/** A catalogue type name that can follow `::` as it is (`timestamp with time zone`, `integer`…). */
const PLAIN_TYPE = /^[a-z][a-z ]*$/;

/** The alias of the i-th sort value selected beside a streamed row (as text, to pass back exactly). */
const keyAlias = (index: number) => `__key${index}`;

/**
 * "Comes after the row whose sort values are `values`" in the order `terms` (PostgreSQL's: ASC puts
 * NULLs last, DESC first), for keyset batches: (c1 after v1) or (c1 = v1 and c2 after v2) or …
 * The first column's bound is repeated alone so the planner can start an index scan there.
 */
function afterCondition(table: CatalogueTable, terms: readonly OrderTerm[], values: readonly (string | null)[]): SQL {
  const parts = terms.map(({ column, direction }, index) => {
    const info = table.columns.get(column)!;
    const ref = columnRef(ROW, column);
    const value = values[index] ?? null;
    const typed = sql`cast(${value} as ${sql.raw(info.data_type)})`;
    const nullable = info.is_nullable === 'YES';
    const equal = value === null ? sql`${ref} is null` : sql`${ref} = ${typed}`;
    let after: SQL;
    if (direction === 'asc') after = value === null ? sql`false` : nullable ? sql`(${ref} > ${typed} or ${ref} is null)` : sql`${ref} > ${typed}`;
    else after = value === null ? sql`${ref} is not null` : sql`${ref} < ${typed}`;
    let bound: SQL | null = null;
    if (value !== null && !(direction === 'asc' && nullable)) bound = direction === 'asc' ? sql`${ref} >= ${typed}` : sql`${ref} <= ${typed}`;
    return { equal, after, bound };
  });
  const alternatives = parts.map((part, index) =>
    sql`(${sql.join([...parts.slice(0, index).map((earlier) => earlier.equal), part.after], sql` and `)})`,
  );
  const any = sql`(${sql.join(alternatives, sql` or `)})`;
  const leading = parts[0]?.bound;
  return leading ? sql`${leading} and ${any}` : any;
}

export interface TableQueries {
  /** The rows as an array; `limit` null means all of them. */
  list(definition: TableDefinition, criteria: ListCriteria, limit: number | null): Promise<TableRow[]>;
  page(definition: TableDefinition, criteria: ListCriteria, page: number, pageSize: number): Promise<PaginatedRows>;
  /**
   * The rows in keyset batches (`limit` null: all), as JSON texts for a streamed answer; when a sort
   * column's type cannot be named in SQL, batches by offset instead.
   */
  listBatches(definition: TableDefinition, criteria: ListCriteria, limit: number | null): AsyncGenerator<JsonBatch>;
  /** The same batches as rows (the CSV export). */
  rowBatches(definition: TableDefinition, criteria: ListCriteria, limit: number | null, batchSize?: number): AsyncGenerator<TableRow[]>;
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
    if (definition.embeds.length > 0 && offset > 0) {
      // The page's rows first, then their embeds: a select list is computed for every row the
      // offset skips too, and an embed is a lookup per row (a middle page of alerts ran thousands).
      const pageRows = sql`select ${sql.identifier(ROW)}.* from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where} ${order} ${limitClause} ${offsetClause}`;
      return sql`select ${columns} from (${pageRows}) ${sql.identifier(ROW)} ${order}`;
    }
    return sql`select ${columns} from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where} ${order} ${limitClause} ${offsetClause}`;
  }

  async function countStatement(definition: TableDefinition, criteria: ListCriteria) {
    const table = await catalogue.table(definition);
    return sql`select count(*)::int as total from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${whereClause(table, criteria)}`;
  }

  /** The rows in keyset batches of up to `batchSize` (offset batches when a sort type cannot be named in SQL). */
  async function* rowBatches(definition: TableDefinition, criteria: ListCriteria, limit: number | null, batchSize = STREAM_BATCH_ROWS): AsyncGenerator<TableRow[]> {
    const table = await catalogue.table(definition);
    const conditions = whereConditions(table, criteria);
    const terms = orderTerms(table, criteria);
    const order = orderClause(table, criteria);
    const columns = await selectList(catalogue, table);
    const keyset = terms.every(({ column }) => PLAIN_TYPE.test(table.columns.get(column)?.data_type ?? ''));
    const keys = sql.join(
      terms.map(({ column }, index) => sql`${columnRef(ROW, column)}::text as ${sql.identifier(keyAlias(index))}`),
      sql`, `,
    );
    let offset = 0;
    let cursor: (string | null)[] | null = null;
    let remaining = limit ?? Number.POSITIVE_INFINITY;
    while (remaining > 0) {
      const size = Math.min(batchSize, remaining);
      const all: SQL[] = keyset && cursor ? [...conditions, afterCondition(table, terms, cursor)] : conditions;
      const where: SQL = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
      const page = keyset ? sql`limit ${size}` : sql`limit ${size} offset ${offset}`;
      const rows: TableRow[] = await database.query<TableRow>(
        sql`select ${columns}, ${keys} from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where} ${order} ${page}`,
      );
      offset += rows.length;
      const last: TableRow | undefined = rows.at(-1);
      cursor = last ? terms.map((_term, index) => (last[keyAlias(index)] ?? null) as string | null) : null;
      for (const row of rows) for (let index = 0; index < terms.length; index += 1) delete row[keyAlias(index)];
      normaliseTimestamps(rows, table.timestamps);
      yield rows;
      remaining -= rows.length;
      if (rows.length < size) return;
    }
  }

  async function* listBatches(definition: TableDefinition, criteria: ListCriteria, limit: number | null): AsyncGenerator<JsonBatch> {
    for await (const rows of rowBatches(definition, criteria, limit)) {
      yield { json: rows.map((row) => JSON.stringify(row)).join(','), rows: rows.length };
    }
  }

  return {
    listStatement,
    countStatement,
    listBatches,
    rowBatches,
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
