import { hasCompositeKey, MAX_TABLE_PAGE_SIZE, tableDefinition } from '@camposense/domain';
import type { SortDirection, TableName } from '@camposense/domain';
import { keyStartsWith } from '../client/query-key';
import { thresholdKeys } from '../thresholds/keys';

/** What a status view asks for: a page of a table, searched and sorted by the server. */
export interface TableRowsParams {
  page: number;
  pageSize: number;
  search?: string;
  sortBy?: string;
  sortOrder?: SortDirection;
  /** Equality filters on columns, e.g. `{ fundoid: 3 }` for the locations of the global farm. */
  filters?: Readonly<Record<string, number>>;
  /** The global scope the API resolves through joins, e.g. `fundo:3` for the farm's nodes. */
  scope?: string;
}

/** What a status view's CSV is asked for: the rows the view selects, and the zone of its dates. */
export interface TableCsvParams extends Pick<TableRowsParams, 'search' | 'sortBy' | 'sortOrder' | 'filters' | 'scope'> {
  /** The IANA zone the dates are written in, named in their headers. */
  timeZone?: string;
}

/** What `/{table}/labels` is asked: the names of some ids, or a search (a select's options), optionally under a parent. */
export interface LabelParams {
  ids?: readonly number[];
  search?: string;
  page?: number;
  pageSize?: number;
  /** Parent filters, e.g. `{ paisid: 1 }` for the companies of a country. */
  filters?: Readonly<Record<string, string | number>>;
}

/** A referenced row whose place in the location hierarchy a form needs (a threshold's location). */
export interface AncestorStart {
  table: TableName;
  id: number;
}

/** The API's largest page (`pageSize` maximum): a specialised form reads a link table whole, up to it. */
export const FORM_LIST_LIMIT = MAX_TABLE_PAGE_SIZE;

const trimmed = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** A page's parameters as its key holds them: the set ones only, the search trimmed, the order only with a column. */
function rowsParams(params: TableRowsParams): TableRowsParams {
  const { page, pageSize, search, sortBy, sortOrder, filters, scope } = params;
  return {
    page,
    pageSize,
    ...(trimmed(search) ? { search: trimmed(search) } : {}),
    ...(sortBy ? { sortBy, ...(sortOrder ? { sortOrder } : {}) } : {}),
    ...(scope ? { scope } : {}),
    ...(filters && Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

/** Label parameters as their key holds them: one set of ids whatever its order and repeats, the search trimmed. */
function labelParams(params: LabelParams): LabelParams {
  const { ids, search, page, pageSize, filters } = params;
  return {
    ...(ids ? { ids: [...new Set(ids)].sort((a, b) => a - b) } : {}),
    ...(trimmed(search) ? { search: trimmed(search) } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(filters && Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

/**
 * SWR keys of the generic table API (`/api/sense/{table}`…): every key of one table starts with
 * `['tables', table]`, its lists (pages and label searches) with `['tables', table, 'rows' | 'labels']`,
 * so a write names what it makes stale by the tuple's leading elements.
 */
export const tableKeys = {
  all: ['tables'] as const,
  table: (table: TableName) => ['tables', table] as const,
  rows: (table: TableName, params: TableRowsParams) => ['tables', table, 'rows', rowsParams(params)] as const,
  /** Every row of `table` up to the API's `limit` (a short reference list: criticalities, profiles). */
  limited: (table: TableName, limit: number) => ['tables', table, 'rows', { limit }] as const,
  /** Every row of `table` (first page of `FORM_LIST_LIMIT`): what a specialised form reads whole. */
  whole: (table: TableName) => tableKeys.rows(table, { page: 1, pageSize: FORM_LIST_LIMIT }),
  labels: (table: TableName, params: LabelParams) => ['tables', table, 'labels', labelParams(params)] as const,
  /** The database's description of the table: columns and constraints. */
  meta: (table: TableName) => ['tables', table, 'meta'] as const,
  /** One row by its key (the single id or the composite key's columns), read with its ETag. */
  row: (table: TableName, key: Readonly<Record<string, unknown>>) => ['tables', table, 'row', { ...key }] as const,
  /** The labels of several referenced tables' ids in one request (a status view's foreign keys), tables sorted. */
  referenceLabels: (wanted: readonly (readonly [TableName, readonly number[]])[]) =>
    ['tables', 'reference-labels', wanted.map(([table]) => table), wanted.map(([, ids]) => [...ids])] as const,
  /** Rows' places in the location hierarchy (an edit form's cascade), which any write may move. */
  ancestors: (starts: readonly AncestorStart[]) => ['tables', 'ancestors', starts.map(({ table, id }) => [table, id])] as const,
  create: (table: TableName) => ['tables', table, 'create'] as const,
  update: (table: TableName) => ['tables', table, 'update'] as const,
  remove: (table: TableName) => ['tables', table, 'delete'] as const,
  bulkCreate: (table: TableName) => ['tables', table, 'bulk-create'] as const,
};

const SENSE = '/sense';

/** Query string of the set values only, in a fixed order. */
function query(entries: [string, string | number | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const filterEntries = (filters: Readonly<Record<string, string | number>> | undefined): [string, string][] =>
  Object.entries(filters ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([column, value]) => [column, String(value)]);

/** Where the API answers the table keys and takes the writes. */
export const tablePaths = {
  base: (table: TableName) => `${SENSE}/${table}`,
  rows: (table: TableName, params: TableRowsParams) =>
    `${SENSE}/${table}${query([
      ['page', params.page],
      ['pageSize', params.pageSize],
      ['search', params.search?.trim()],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortBy ? params.sortOrder : undefined],
      ['scope', params.scope],
      ...filterEntries(params.filters),
    ])}`,
  limited: (table: TableName, limit: number) => `${SENSE}/${table}?limit=${limit}`,
  columns: (table: TableName) => `${SENSE}/${table}/columns`,
  constraints: (table: TableName) => `${SENSE}/${table}/constraints`,
  /** One row by its id. */
  row: (table: TableName, id: number | string) => `${SENSE}/${table}/${encodeURIComponent(String(id))}`,
  composite: (table: TableName, key: Readonly<Record<string, unknown>>) =>
    `${SENSE}/${table}/composite${query(Object.entries(key).map(([column, value]) => [column, String(value)]))}`,
  /** One row by its key: the single id, or the composite key's columns. */
  rowByKey: (table: TableName, key: Readonly<Record<string, unknown>>) => {
    const definition = tableDefinition(table);
    if (hasCompositeKey(definition)) return tablePaths.composite(table, key);
    return tablePaths.row(table, String(key[definition.key[0]!]));
  },
  bulk: (table: TableName) => `${SENSE}/${table}/bulk`,
  /**
   * The status view's CSV, with its search, sort, parent filters and global scope, its dates in the
   * zone the console shows (`tz`), and the one-use download token the link carries.
   */
  csv: (table: TableName, params: TableCsvParams, token: string) =>
    `${SENSE}/reports/tablas/${table}/csv${query([
      ['search', params.search?.trim()],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortBy ? params.sortOrder : undefined],
      ['tz', params.timeZone],
      ['scope', params.scope],
      ...filterEntries(params.filters),
      ['token', token],
    ])}`,
  /** A one-minute, one-use token for the CSV link of `table` (a link cannot carry the bearer header). */
  downloadToken: (table: TableName) => `${SENSE}/reports/download-token?report=${encodeURIComponent(`tabla:${table}`)}`,
  /** The labels of some rows (`ids`, sorted so one set of ids is one request) or a search of them. */
  labels: (table: TableName, params: LabelParams) =>
    `${SENSE}/${table}/labels${query([
      ['ids', params.ids ? [...new Set(params.ids)].sort((a, b) => a - b).join(',') : undefined],
      ['search', params.search?.trim()],
      ['page', params.page],
      ['pageSize', params.pageSize],
      ...filterEntries(params.filters),
    ])}`,
};

const referenceLabelsKey = keyStartsWith(['tables', 'reference-labels']);
const namesTable = (table: TableName, key: unknown) => referenceLabelsKey(key) && ((key as unknown[])[2] as TableName[]).includes(table);

/**
 * Whether an SWR key is a list of `table`'s rows or of their names: its pages and totals, its
 * label searches and id lookups, alone or in a several-table label request. These are what a
 * write changes and what the screens keep on show while they are asked again.
 */
export function isTableListKey(table: TableName): (key: unknown) => boolean {
  const rows = keyStartsWith(['tables', table, 'rows']);
  const labels = keyStartsWith(['tables', table, 'labels']);
  return (key) => rows(key) || labels(key) || namesTable(table, key);
}

/**
 * Other resources that read a table's rows under their own keys: one threshold's preview, history
 * and version read `umbral`.
 */
const READ_BY: Partial<Record<TableName, readonly (readonly unknown[])[]>> = { umbral: [thresholdKeys.oneAll] };

/**
 * Whether an SWR key reads `table` in any way (lists, rows, metadata, a resource built on its rows)
 * or walks the location hierarchy, which any write may move.
 */
export function readsTable(table: TableName): (key: unknown) => boolean {
  const matchers = [['tables', table], ['tables', 'ancestors'], ...(READ_BY[table] ?? [])].map(keyStartsWith);
  return (key) => matchers.some((matches) => matches(key)) || namesTable(table, key);
}
