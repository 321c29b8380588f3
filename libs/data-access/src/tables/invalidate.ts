import type { TableName } from '@camposense/domain';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isTableListKey, readsTable } from './keys';

/**
 * What every write to `table` must be followed by: revalidates every key that reads the table. The
 * table's lists and names (pages, totals, `/labels`, alone or in a status view's several-table
 * request) are also dropped from the cache: a screen opened after the write (the farms that name a
 * company just renamed, a select offering a country just created) asks for them again instead of
 * first showing the names from before the write. The screens on show keep theirs
 * (`keepPreviousData`) until the new ones arrive. Rows, metadata and the hierarchy are revalidated
 * in place.
 */
export function useRevalidateTable(table: TableName): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    const isList = isTableListKey(table);
    const reads = readsTable(table);
    return Promise.all([mutate(isList, undefined, { revalidate: true }), mutate((key) => !isList(key) && reads(key))]);
  }, [mutate, table]);
}
