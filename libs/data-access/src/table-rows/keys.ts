import type { SortDirection, TableName } from '@camposense/domain';

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

const SENSE = '/sense';

/** Query string of the set values only, in a fixed order, so equal requests share one SWR key. */
function query(entries: [string, string | number | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * SWR keys (and paths) of one table's calls. Every key of a table starts with `all(table)`, so a
 * write revalidates them all with one prefix test (the pages, the totals, the labels).
 */
export const tableRowKeys = {
  all: (table: TableName) => `${SENSE}/${table}`,
  page: (table: TableName, params: TableRowsParams) =>
    `${SENSE}/${table}${query([
      ['page', params.page],
      ['pageSize', params.pageSize],
      ['search', params.search?.trim()],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortBy ? params.sortOrder : undefined],
      ['scope', params.scope],
      ...Object.entries(params.filters ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([column, value]): [string, number] => [column, value]),
    ])}`,
  columns: (table: TableName) => `${SENSE}/${table}/columns`,
  constraints: (table: TableName) => `${SENSE}/${table}/constraints`,
  row: (table: TableName, id: number | string) => `${SENSE}/${table}/${encodeURIComponent(String(id))}`,
  composite: (table: TableName, key: Readonly<Record<string, unknown>>) =>
    `${SENSE}/${table}/composite${query(Object.entries(key).map(([column, value]) => [column, String(value)]))}`,
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
      ...Object.entries(params.filters ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([column, value]): [string, number] => [column, value]),
      ['token', token],
    ])}`,
  /** A one-minute, one-use token for the CSV link of `table` (a link cannot carry the bearer header). */
  downloadToken: (table: TableName) => `${SENSE}/reports/download-token?report=${encodeURIComponent(`tabla:${table}`)}`,
  /** The labels of some rows (`ids`, sorted so one set of ids is one key) or a search of them. */
  labels: (table: TableName, params: LabelParams) =>
    `${SENSE}/${table}/labels${query([
      ['ids', params.ids ? [...new Set(params.ids)].sort((a, b) => a - b).join(',') : undefined],
      ['search', params.search?.trim()],
      ['page', params.page],
      ['pageSize', params.pageSize],
      ...Object.entries(params.filters ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([column, value]): [string, string] => [column, String(value)]),
    ])}`,
};

/** What `/{table}/labels` is asked: the names of some ids, or a search (a select's options), optionally under a parent. */
export interface LabelParams {
  ids?: readonly number[];
  search?: string;
  page?: number;
  pageSize?: number;
  /** Parent filters, e.g. `{ paisid: 1 }` for the companies of a country. */
  filters?: Readonly<Record<string, string | number>>;
}

/** Whether an SWR key belongs to `table` (its pages, lists and metadata), for revalidation after a write. */
export function isTableKey(table: TableName, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const base = tableRowKeys.all(table);
  return key === base || key.startsWith(`${base}?`) || key.startsWith(`${base}/`);
}

/** The first part of the key under which one request names the ids of several tables (a status view's foreign keys). */
export const REFERENCE_LABELS_KEY = 'reference-labels';

/** The first part of the key of a row's place in the location hierarchy (an edit form's cascade). */
export const ANCESTORS_KEY = 'ancestors';

/**
 * Whether an SWR key is a list of `table`'s rows or of their names: its pages and totals, its
 * label searches and id lookups, alone or in a several-table label request. These are what a
 * write changes and what the screens keep on show while they are asked again.
 */
export function isTableListKey(table: TableName, key: unknown): boolean {
  if (Array.isArray(key)) return key[0] === REFERENCE_LABELS_KEY && key.some((part) => isTableListKey(table, part));
  if (typeof key !== 'string') return false;
  const base = tableRowKeys.all(table);
  return key.startsWith(`${base}?`) || key.startsWith(`${base}/labels`);
}

/** Whether an SWR key reads `table` in any way (lists, rows, metadata) or walks the location hierarchy, which any write may move. */
export function readsTable(table: TableName, key: unknown): boolean {
  if (Array.isArray(key)) return key[0] === ANCESTORS_KEY || key.some((part) => isTableKey(table, part));
  return isTableKey(table, key);
}
