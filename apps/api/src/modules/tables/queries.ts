import type { Database } from '@camposense/db';
import type { ApiErrorDetail, CursorPageSchema, SortDirection, TableDefinition, TableEmbed, TableRow } from '@camposense/domain';
import { findTable } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { Static, TUnsafe } from 'typebox';
import type { SQL } from 'drizzle-orm';
import { ApiError } from '../../errors/api-error';
import type { Catalogue, CatalogueTable } from '../../sense/catalogue';
import { checkFilterValue } from '../../sense/row-values';
import { columnRef, tableRef } from '../../sense/sql-names';
import { STREAM_BATCH_ROWS } from '../../sense/streaming';
import type { JsonBatch } from '../../sense/streaming';
import { normaliseTimestamps } from '../../sense/timestamps';

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

export const validationError = (details: ApiErrorDetail[], message?: string) => new ApiError(400, 'VALIDATION', message, details);

/**
 * The deepest a page by number may start, in rows from either end of the list (issue 27, item 8):
 * an offset is read and thrown away row by row, so page 2,000 of the readings cost 2,000 pages'
 * work, and ten readers of deep pages held PGlite (one statement at a time) for seconds. Pages near
 * the end are read backwards from it; pages between, and further pages of any list, follow
 * `pagination.next` (`after=`), which starts at the previous page's last row through the index.
 */
export const MAX_PAGE_OFFSET = 10_000;

/** A page by number (from 1), or the page after a cursor (`pagination.next` of the page before). */
export interface PageRequest {
  page: number;
  pageSize: number;
  after?: string | undefined;
}

/** Where a list's total comes from: `count` itself, or an answer kept for every page of the same list. */
export type TotalOf = (count: () => Promise<number>) => Promise<number>;

/**
 * A page of table rows with the cursor of the page that follows (null: this is the last, or the
 * sort cannot be resumed): the contract's `CursorPageSchema` over any row.
 */
export type TablePage = Static<ReturnType<typeof CursorPageSchema<TUnsafe<TableRow>>>>;

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

/** Reverses an order (PostgreSQL's NULLs follow: ASC puts them last, DESC first, so the mirror is exact). */
const reversed = (terms: readonly OrderTerm[]): OrderTerm[] =>
  terms.map(({ column, direction }) => ({ column, direction: direction === 'asc' ? 'desc' : 'asc' }));

function orderOf(terms: readonly OrderTerm[]): SQL {
  return sql`order by ${sql.join(
    terms.map(({ column, direction }) => sql`${columnRef(ROW, column)} ${direction === 'desc' ? sql`desc` : sql`asc`}`),
    sql`, `,
  )}`;
}

/** What a cursor carries: the page it opens, the sort it belongs to, and the sort values (as text) of the row before it. */
export interface Cursor {
  page: number;
  sort: string;
  values: (string | null)[];
}

const sortSignature = (terms: readonly OrderTerm[]) => terms.map(({ column, direction }) => `${column} ${direction}`).join(',');

/** The opaque text of a cursor (exported for tests that start deep in a list without walking to it). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.page, cursor.sort, cursor.values]), 'utf8').toString('base64url');
}

/** The cursor of `after=`; 400 naming `after` when it is not one of ours or belongs to another sort. */
function decodeCursor(text: string, terms: readonly OrderTerm[]): Cursor {
  const refused = () =>
    validationError([{ field: 'after', rule: 'format' }], 'El cursor `after` no es válido para este orden: use `pagination.next` de la página anterior con los mismos filtros y orden');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refused();
  const [page, sort, values] = parsed as unknown[];
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 2 || sort !== sortSignature(terms)) throw refused();
  if (!Array.isArray(values) || values.length !== terms.length || !values.every((value) => value === null || typeof value === 'string')) throw refused();
  return { page, sort, values: values as (string | null)[] };
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
  /**
   * A page by number (at most MAX_PAGE_OFFSET rows from either end: deeper is 400 naming `page`), or
   * the page after a cursor, with the cursor of the next.
   */
  page(definition: TableDefinition, criteria: ListCriteria, request: PageRequest, totalOf?: TotalOf): Promise<TablePage>;
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
      // Prepared as the pages are: the shell's lists (countries, companies, farms, metrics) on every visit.
      const rows = await database.query<TableRow>(await listStatement(definition, criteria, limit), { prepare: true });
      return normaliseTimestamps(rows, (await catalogue.table(definition)).timestamps);
    },
    async page(definition, criteria, { page, pageSize, after }, totalOf = (count) => count()) {
      const table = await catalogue.table(definition);
      const conditions = whereConditions(table, criteria);
      const terms = orderTerms(table, criteria);
      const resumable = terms.every(({ column }) => PLAIN_TYPE.test(table.columns.get(column)?.data_type ?? ''));
      const cursor = after === undefined ? null : decodeCursor(after, terms);
      if (cursor && !resumable) throw validationError([{ field: 'after', rule: 'format' }]);
      const columns = await selectList(catalogue, table);
      const keys = sql.join(
        terms.map(({ column }, index) => sql`${columnRef(ROW, column)}::text as ${sql.identifier(keyAlias(index))}`),
        sql`, `,
      );
      const totalStatement = await countStatement(definition, criteria);
      // Prepared, named by their text (issue 31): a page's statements are built from the catalogue's
      // names and the criteria present, every value a parameter, so their shapes are bounded.
      const counting = totalOf(async () => (await database.query<{ total: number }>(totalStatement, { prepare: true }))[0]?.total ?? 0);

      /** `limit` rows in the order `order`, `offset` skipped, after `bound`; the embeds computed for those rows only. */
      const read = (order: readonly OrderTerm[], limit: number, offset: number, bound: (string | null)[] | null) => {
        const all = bound ? [...conditions, afterCondition(table, order, bound)] : conditions;
        const where = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
        const from = sql`from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where} ${orderOf(order)} limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`;
        // Without embeds the page is one plain select, the statement bench:api times as its bare SQL
        // (wrapped, a search of nodes ran about 1.1× slower); with them, the page's rows first and
        // their embeds after.
        if (definition.embeds.length === 0) return database.query<TableRow>(sql`select ${columns}, ${keys} ${from}`, { prepare: true });
        const picked = sql`select ${sql.identifier(ROW)}.* ${from}`;
        return database.query<TableRow>(sql`select ${columns}, ${keys} from (${picked}) ${sql.identifier(ROW)} ${orderOf(order)}`, { prepare: true });
      };

      let number = page;
      let rows: TableRow[];
      let total: number;
      if (cursor) {
        number = cursor.page;
        [rows, total] = await Promise.all([read(terms, pageSize, 0, cursor.values), counting]);
      } else {
        const offset = (page - 1) * pageSize;
        if (offset <= MAX_PAGE_OFFSET) {
          [rows, total] = await Promise.all([read(terms, pageSize, offset, null), counting]);
        } else {
          total = await counting;
          // Rows of the list after this page: a page near the end is read backwards from the end.
          const following = total - offset - pageSize;
          if (offset >= total) rows = [];
          else if (following <= MAX_PAGE_OFFSET) rows = (await read(reversed(terms), Math.min(pageSize, total - offset), Math.max(0, following), null)).reverse();
          else {
            const deepest = Math.floor(MAX_PAGE_OFFSET / pageSize) + 1;
            throw validationError(
              [{ field: 'page', rule: 'maximum', limit: deepest }],
              `La página ${page} está demasiado lejos de los extremos de la lista (se llega hasta la ${deepest} desde el principio y otro tanto desde el final): ` +
                'siga `pagination.next` con `after`, o acote con filtros o búsqueda',
            );
          }
        }
      }
      const last = rows.at(-1);
      const next =
        resumable && last && rows.length === pageSize && number * pageSize < total
          ? encodeCursor({ page: number + 1, sort: sortSignature(terms), values: terms.map((_term, index) => (last[keyAlias(index)] ?? null) as string | null) })
          : null;
      for (const row of rows) for (let index = 0; index < terms.length; index += 1) delete row[keyAlias(index)];
      normaliseTimestamps(rows, table.timestamps);
      return { data: rows, pagination: { page: number, pageSize, total, totalPages: Math.ceil(total / pageSize), next } };
    },
  };
}
