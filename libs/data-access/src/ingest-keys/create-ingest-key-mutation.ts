import type { CreatedIngestKey } from '@camposense/domain';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { ingestKeyKeys, ingestKeyPaths } from './keys';

/** Creates a key named by the argument; the answer carries the key itself, this once. The list is asked again before it resolves. */
export function useCreateIngestKeyMutation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(ingestKeyKeys.create(), async (_key, { arg: nombre }: { arg: string }) => {
    const created = await apiRequest<CreatedIngestKey>(ingestKeyPaths.list(), { method: 'POST', body: { nombre } });
    await mutate(ingestKeyKeys.list());
    return created;
  });
}
