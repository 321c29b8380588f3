import type { PaginatedRows, TableName, TableRow } from '@camposense/domain';
import useSWR from 'swr';
import type { SWRResponse } from 'swr';
import { apiFetcher } from '../client/api-client';
import { tableKeys, tablePaths } from './keys';
import type { TableRowsParams } from './keys';

type RowsKey = readonly [string, TableName, string, TableRowsParams];
const fetchRows = ([, table, , params]: RowsKey) => apiFetcher<PaginatedRows>(tablePaths.rows(table, params));

/** One page of a table; the previous page stays on screen while the next loads. Null table: no request. */
export function useTableRows(table: TableName | null, params: TableRowsParams) {
  return useSWR<PaginatedRows>(table ? tableKeys.rows(table, params) : null, fetchRows, { keepPreviousData: true });
}

/** How many rows the table holds without a search: the "{total}" of "{filtered} de {total} registros". */
export function useTableTotal(table: TableName | null) {
  // The old total stays on show while a write has it asked again (the write drops it from the cache).
  const { data, ...rest } = useSWR<PaginatedRows>(table ? tableKeys.rows(table, { page: 1, pageSize: 1 }) : null, fetchRows, {
    keepPreviousData: true,
  });
  return { total: data?.pagination.total, ...rest };
}

/** Every row of `table` up to `limit`, in one request (a short reference list). */
export function useLimitedRows<Row>(table: TableName, limit: number) {
  return useSWR<Row[]>(tableKeys.limited(table, limit), () => apiFetcher<Row[]>(tablePaths.limited(table, limit)));
}

/** What a specialised form's lists are, as `QueryState` takes them. */
export interface FormListsState<Data> {
  /** Every list, once all of them answered. */
  data: Data | undefined;
  /** The first list's failure. */
  error: unknown;
  isValidating: boolean;
  /** Asks for every list again. */
  retry: () => void;
}

/**
 * Every row of `table` (the first page of `FORM_LIST_LIMIT`), read whole so a form's list can be
 * searched as one types. After a write, the rows on show stay until the new ones arrive.
 */
export function useWholeTable(table: TableName): SWRResponse<PaginatedRows> {
  return useSWR<PaginatedRows>(tableKeys.whole(table), fetchRows, { keepPreviousData: true });
}

/** Several whole tables as one state: their rows by name once all of them answered, the first error, one retry for all. */
export function combineWholeTables<Name extends string>(lists: Record<Name, SWRResponse<PaginatedRows>>): FormListsState<Record<Name, TableRow[]>> {
  const entries = Object.entries(lists) as [Name, SWRResponse<PaginatedRows>][];
  const complete = entries.every(([, list]) => list.data !== undefined);
  return {
    data: complete ? (Object.fromEntries(entries.map(([name, list]) => [name, list.data!.data])) as Record<Name, TableRow[]>) : undefined,
    error: entries.find(([, list]) => list.error)?.[1].error as unknown,
    isValidating: entries.some(([, list]) => list.isValidating),
    retry: () => {
      for (const [, list] of entries) void list.mutate();
    },
  };
}
