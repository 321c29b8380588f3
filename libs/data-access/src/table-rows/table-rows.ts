import { hasCompositeKey, tableDefinition } from '@camposense/domain';
import { MAX_LABEL_PAGE_SIZE } from '@camposense/domain';
import type { BulkCreateResult, LabelPage, ReportDownloadToken, PaginatedRows, TableColumn, TableConstraint, TableName, TableRow } from '@camposense/domain';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetcher, apiRequest, apiRequestVersioned } from '../client/api-client';
import { followDownloadLink } from '../client/download-link';
import { ANCESTORS_KEY, isTableListKey, readsTable, REFERENCE_LABELS_KEY, tableRowKeys } from './keys';
import type { LabelParams, TableCsvParams, TableRowsParams } from './keys';

/** One page of a table; the previous page stays on screen while the next loads. Null table: no request. */
export function useTableRows(table: TableName | null, params: TableRowsParams) {
  return useSWR<PaginatedRows>(table ? tableRowKeys.page(table, params) : null, apiFetcher, { keepPreviousData: true });
}

/** How many rows the table holds without a search: the "{total}" of "{filtered} de {total} registros". */
export function useTableTotal(table: TableName | null) {
  // The old total stays on show while a write has it asked again (the write drops it from the cache).
  const { data, ...rest } = useSWR<PaginatedRows>(table ? tableRowKeys.page(table, { page: 1, pageSize: 1 }) : null, apiFetcher, {
    keepPreviousData: true,
  });
  return { total: data?.pagination.total, ...rest };
}

export interface TableMeta {
  columns: TableColumn[];
  constraints: TableConstraint[];
}

/** The database's own description of a table: its columns and constraints, which the forms are built from. */
export function useTableMeta(table: TableName | null) {
  return useSWR<TableMeta>(table ? [tableRowKeys.columns(table), tableRowKeys.constraints(table)] : null, async ([columns, constraints]: [string, string]) => {
    const [columnList, constraintList] = await Promise.all([apiFetcher<TableColumn[]>(columns), apiFetcher<TableConstraint[]>(constraints)]);
    return { columns: columnList, constraints: constraintList };
  });
}

/**
 * The labels of the given ids of a referenced table (the companies named on one page of fundos),
 * one request for the whole page however many rows share an id; null table or no ids: no request.
 * Answers id → label; an id missing from the map has no row (or no label yet).
 */
export function useReferenceLabels(table: TableName | null, ids: readonly unknown[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))].slice(0, MAX_LABEL_PAGE_SIZE);
  const key = table && wanted.length > 0 ? tableRowKeys.labels(table, { ids: wanted, pageSize: MAX_LABEL_PAGE_SIZE }) : null;
  const { data, ...rest } = useSWR<LabelPage>(key, apiFetcher, { keepPreviousData: true });
  const labels = useMemo(() => new Map((data?.data ?? []).map((option) => [option.id, option.label])), [data]);
  return { labels, data, ...rest };
}

/** The rows' names of several referenced tables, by table then id. */
export type ReferenceLabelSets = ReadonlyMap<TableName, ReadonlyMap<number, string>>;

const isRowId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/**
 * The labels of the ids one page of a table points at, for every table it references (the
 * companies and users a page of farms names): one `/labels?ids=` request per referenced table,
 * however many rows and columns share it, never the referenced tables whole. A table whose labels
 * are refused (a reader and e-mail labels) stays unnamed; the others are still named.
 */
export function useReferenceLabelSets(idsByTable: Partial<Record<TableName, readonly unknown[]>>) {
  const wanted = (Object.entries(idsByTable) as [TableName, readonly unknown[]][])
    .map(([table, ids]) => [table, [...new Set(ids.filter(isRowId))].slice(0, MAX_LABEL_PAGE_SIZE)] as const)
    .filter(([, ids]) => ids.length > 0)
    .sort(([left], [right]) => left.localeCompare(right));
  const paths = wanted.map(([table, ids]) => tableRowKeys.labels(table, { ids, pageSize: MAX_LABEL_PAGE_SIZE }));
  // Each answer carries its table, so a previous page's names kept on screen stay with their table.
  const { data, ...rest } = useSWR<[TableName, LabelPage | null][]>(
    paths.length > 0 ? [REFERENCE_LABELS_KEY, ...paths] : null,
    ([, ...keys]: string[]) => Promise.all(keys.map(async (key, index) => [wanted[index]![0], await apiFetcher<LabelPage>(key).catch(() => null)] as [TableName, LabelPage | null])),
    { keepPreviousData: true },
  );
  const labels = useMemo<ReferenceLabelSets>(
    () => new Map((data ?? []).map(([table, page]) => [table, new Map((page?.data ?? []).map((option) => [option.id, option.label]))])),
    [data],
  );
  return { labels, ...rest };
}

/** A page of a referenced table's labels matching `search` (a searchable select's options), under its parent filters. */
export function useLabelSearch(table: TableName | null, params: LabelParams) {
  return useSWR<LabelPage>(table ? tableRowKeys.labels(table, params) : null, apiFetcher, { keepPreviousData: true });
}

/** A referenced row whose place in the location hierarchy a form needs (a threshold's location). */
export interface AncestorStart {
  table: TableName;
  id: number;
}

/**
 * The ids above each given row in the location hierarchy, by table (a location → its farm,
 * company and country), read row by row up the registry's parents: what an edit form's cascading
 * selects start from. One answer per start, in order; no starts: no request.
 */
export function useCascadeAncestors(starts: readonly AncestorStart[]) {
  const key = starts.length > 0 ? [ANCESTORS_KEY, ...starts.map((start) => tableRowKeys.row(start.table, start.id))] : null;
  return useSWR<Partial<Record<TableName, number>>[]>(key, () =>
    Promise.all(
      starts.map(async (start) => {
        const found: Partial<Record<TableName, number>> = {};
        let table = start.table;
        let id = start.id;
        for (let parent = tableDefinition(table).parent; parent; parent = tableDefinition(table).parent) {
          const row = await apiFetcher<TableRow>(tableRowKeys.row(table, id));
          id = Number(row[parent.column]);
          table = parent.table;
          found[table] = id;
        }
        return found;
      }),
    ),
  );
}

/** A row's key as the API takes it: the single id, or the composite key's columns. */
export function rowKeyValues(table: TableName, row: TableRow): Record<string, unknown> {
  return Object.fromEntries(tableDefinition(table).key.map((column) => [column, row[column]]));
}

function rowPath(table: TableName, key: Readonly<Record<string, unknown>>): string {
  const definition = tableDefinition(table);
  if (hasCompositeKey(definition)) return tableRowKeys.composite(table, key);
  return tableRowKeys.row(table, String(key[definition.key[0]!]));
}

/** One row as the API answers it by its key, with the version (`ETag`) an update sends back in If-Match. */
export interface VersionedRow {
  row: TableRow;
  etag: string | null;
}

/**
 * One row by its key, read fresh with its ETag (the form that edits it sends the tag back, so a
 * change someone else made in between is refused with 412 instead of overwritten). Null key: no request.
 */
export function useVersionedRow(table: TableName, key: Readonly<Record<string, unknown>> | null) {
  return useSWR<VersionedRow>(key ? rowPath(table, key) : null, async (path: string) => {
    const { body, etag } = await apiRequestVersioned<TableRow>(path);
    return { row: body, etag };
  });
}

/**
 * What every write to `table` must be followed by, for a screen of any library that writes it
 * through a call of its own (an assignment, a replication): revalidates every key that reads the
 * table. The table's lists and names (pages, totals, `/labels`, alone or in a status view's
 * several-table request) are also dropped from the cache: a screen opened after the write (the
 * farms that name a company just renamed, a select offering a country just created) asks for them
 * again instead of first showing the names from before the write. The screens on show keep theirs
 * (`keepPreviousData`) until the new ones arrive. Rows, metadata and the hierarchy are revalidated
 * in place.
 */
export function useRevalidateTable(table: TableName): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      Promise.all([
        mutate((key) => isTableListKey(table, key), undefined, { revalidate: true }),
        mutate((key) => !isTableListKey(table, key) && readsTable(table, key)),
      ]),
    [mutate, table],
  );
}

/**
 * The writes of one table. Each is followed by useRevalidateTable's revalidation once it
 * succeeds; failures reject with the client's ApiError for the screen to show.
 */
export function useTableRowMutations(table: TableName) {
  const revalidate = useRevalidateTable(table);
  const create = useCallback(
    async (values: Record<string, unknown>) => {
      const row = await apiRequest<TableRow>(tableRowKeys.all(table), { method: 'POST', body: values });
      await revalidate();
      return row;
    },
    [table, revalidate],
  );
  const update = useCallback(
    /** With `ifMatch` (the row's ETag) the API refuses with 412 if the row changed since it was read. */
    async (key: Readonly<Record<string, unknown>>, values: Record<string, unknown>, options: { ifMatch?: string | null } = {}) => {
      const row = await apiRequest<TableRow>(rowPath(table, key), { method: 'PUT', body: values, ifMatch: options.ifMatch });
      await revalidate();
      return row;
    },
    [table, revalidate],
  );
  const remove = useCallback(
    async (key: Readonly<Record<string, unknown>>) => {
      await apiRequest<void>(rowPath(table, key), { method: 'DELETE' });
      await revalidate();
    },
    [table, revalidate],
  );
  const bulkCreate = useCallback(
    async (rows: Record<string, unknown>[], dryRun = false) => {
      const result = await apiRequest<BulkCreateResult>(tableRowKeys.bulk(table), { method: 'POST', body: { rows, dryRun } });
      if (!dryRun && result.created > 0) await revalidate();
      return result;
    },
    [table, revalidate],
  );
  return { create, update, remove, bulkCreate };
}

/**
 * Downloads the status view of `table` as CSV, with its search, sort and scope (every page), its
 * dates in the zone given: a
 * one-minute token is asked with the bearer, then the browser follows the link, so the file
 * streams to the download manager instead of piling up in page memory.
 */
export async function downloadTableCsv(table: TableName, params: TableCsvParams = {}): Promise<void> {
  const { token } = await apiRequest<ReportDownloadToken>(tableRowKeys.downloadToken(table));
  followDownloadLink(tableRowKeys.csv(table, params, token));
}
