import type { PaginatedRows, ReplicateResult, TableName, TableRow } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import type { SWRResponse } from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { parameterFormKeys } from './keys';

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
  return useSWR<PaginatedRows>(parameterFormKeys.allRows(table), apiFetcher, { keepPreviousData: true });
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

/**
 * A POST that writes many link rows of `table` at once (`path`: a replicate or an assign), answering
 * what it created and what it skipped; then revalidates what reads `table`, as every write does.
 */
export function useLinkRowsWrite<Request, Row>(table: TableName, path: string): (request: Request) => Promise<ReplicateResult<Row>> {
  const revalidate = useRevalidateTable(table);
  return useCallback(
    async (request: Request) => {
      const result = await apiRequest<ReplicateResult<Row>>(path, { method: 'POST', body: request });
      await revalidate();
      return result;
    },
    [revalidate, path],
  );
}
