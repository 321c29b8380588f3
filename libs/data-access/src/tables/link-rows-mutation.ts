import type { ReplicateResult, TableName } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateTable } from './invalidate';

/**
 * A POST that writes many link rows of `table` at once (`path`: a replicate or an assign), answering
 * what it created and what it skipped; then revalidates what reads `table`, as every write does.
 * `key` is the write's own SWR key, from its resource's keys.ts.
 */
export function useLinkRowsMutation<Request, Row>(key: readonly unknown[], table: TableName, path: string) {
  const revalidate = useRevalidateTable(table);
  return useSWRMutation(key, async (_key, { arg: request }: { arg: Request }) => {
    const result = await apiRequest<ReplicateResult<Row>>(path, { method: 'POST', body: request });
    await revalidate();
    return result;
  });
}
