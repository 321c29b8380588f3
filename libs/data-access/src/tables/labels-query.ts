import { MAX_LABEL_PAGE_SIZE } from '@camposense/domain';
import type { LabelPage, TableName } from '@camposense/domain';
import { useMemo } from 'react';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { tableKeys, tablePaths } from './keys';
import type { LabelParams } from './keys';

type LabelsKey = readonly [string, TableName, string, LabelParams];
const fetchLabels = ([, table, , params]: LabelsKey) => apiFetcher<LabelPage>(tablePaths.labels(table, params));

const isRowId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/**
 * The labels of the given ids of a referenced table (the companies named on one page of fundos),
 * one request for the whole page however many rows share an id; null table or no ids: no request.
 * Answers id → label; an id missing from the map has no row (or no label yet).
 */
export function useReferenceLabels(table: TableName | null, ids: readonly unknown[]) {
  const wanted = [...new Set(ids.filter(isRowId))].slice(0, MAX_LABEL_PAGE_SIZE);
  const key = table && wanted.length > 0 ? tableKeys.labels(table, { ids: wanted, pageSize: MAX_LABEL_PAGE_SIZE }) : null;
  const { data, ...rest } = useSWR<LabelPage>(key, fetchLabels, { keepPreviousData: true });
  const labels = useMemo(() => new Map((data?.data ?? []).map((option) => [option.id, option.label])), [data]);
  return { labels, data, ...rest };
}

/** The rows' names of several referenced tables, by table then id. */
export type ReferenceLabelSets = ReadonlyMap<TableName, ReadonlyMap<number, string>>;

/**
 * The labels of the ids one page of a table points at, for every table it references (the
 * companies and users a page of farms names): one `/labels?ids=` request per referenced table,
 * however many rows and columns share it, never the referenced tables whole. A table whose labels
 * are refused (a reader and e-mail labels) stays unnamed; the others are still named.
 */
export function useReferenceLabelSets(idsByTable: Partial<Record<TableName, readonly unknown[]>>) {
  const wanted = (Object.entries(idsByTable) as [TableName, readonly unknown[]][])
    .map(([table, ids]) => [table, [...new Set(ids.filter(isRowId))].sort((a, b) => a - b).slice(0, MAX_LABEL_PAGE_SIZE)] as const)
    .filter(([, ids]) => ids.length > 0)
    .sort(([left], [right]) => left.localeCompare(right));
  // Each answer carries its table, so a previous page's names kept on screen stay with their table.
  const { data, ...rest } = useSWR<[TableName, LabelPage | null][]>(
    wanted.length > 0 ? tableKeys.referenceLabels(wanted) : null,
    ([, , tables, idSets]: readonly [string, string, TableName[], number[][]]) =>
      Promise.all(
        tables.map(async (table, index) => {
          const page = await apiFetcher<LabelPage>(tablePaths.labels(table, { ids: idSets[index]!, pageSize: MAX_LABEL_PAGE_SIZE })).catch(() => null);
          return [table, page] as [TableName, LabelPage | null];
        }),
      ),
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
  return useSWR<LabelPage>(table ? tableKeys.labels(table, params) : null, fetchLabels, { keepPreviousData: true });
}
