import type { TableName, TableRow } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateTable } from './invalidate';
import { tableKeys, tablePaths } from './keys';

/** Creates a row of `table` (POST /api/sense/{table}); resolves once what reads the table is asked again. */
export function useCreateRowMutation(table: TableName) {
  const revalidate = useRevalidateTable(table);
  return useSWRMutation(tableKeys.create(table), async (_key, { arg: values }: { arg: Record<string, unknown> }) => {
    const row = await apiRequest<TableRow>(tablePaths.base(table), { method: 'POST', body: values });
    await revalidate();
    return row;
  });
}
