import type { TableName, TableRow } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateTable } from './invalidate';
import { tableKeys, tablePaths } from './keys';

export interface UpdateRowArg {
  /** The row's key: the single id, or the composite key's columns. */
  key: Readonly<Record<string, unknown>>;
  values: Record<string, unknown>;
  /** The row's ETag: the API refuses with 412 if the row changed since it was read. */
  ifMatch?: string | null;
}

/** Updates a row of `table` (PUT); resolves once what reads the table is asked again. */
export function useUpdateRowMutation(table: TableName) {
  const revalidate = useRevalidateTable(table);
  return useSWRMutation(tableKeys.update(table), async (_key, { arg }: { arg: UpdateRowArg }) => {
    const row = await apiRequest<TableRow>(tablePaths.rowByKey(table, arg.key), { method: 'PUT', body: arg.values, ifMatch: arg.ifMatch });
    await revalidate();
    return row;
  });
}
