import type { BulkCreateRequest, BulkCreateResult, TableName } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateTable } from './invalidate';
import { tableKeys, tablePaths } from './keys';

/** The massive import of `table` (POST /api/sense/{table}/bulk); a real one that created rows revalidates what reads the table. */
export function useBulkCreateMutation(table: TableName) {
  const revalidate = useRevalidateTable(table);
  return useSWRMutation(tableKeys.bulkCreate(table), async (_key, { arg: { rows, dryRun = false } }: { arg: BulkCreateRequest }) => {
    const result = await apiRequest<BulkCreateResult>(tablePaths.bulk(table), { method: 'POST', body: { rows, dryRun } });
    if (!dryRun && result.created > 0) await revalidate();
    return result;
  });
}
