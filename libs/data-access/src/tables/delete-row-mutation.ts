import type { TableName } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateTable } from './invalidate';
import { tableKeys, tablePaths } from './keys';

/** Deletes a row of `table` by its key; resolves once what reads the table is asked again. */
export function useDeleteRowMutation(table: TableName) {
  const revalidate = useRevalidateTable(table);
  return useSWRMutation(tableKeys.remove(table), async (_key, { arg: key }: { arg: Readonly<Record<string, unknown>> }) => {
    await apiRequest<void>(tablePaths.rowByKey(table, key), { method: 'DELETE' });
    await revalidate();
  });
}
