import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { ingestKeyKeys, ingestKeyPaths } from './keys';

/** Revokes a key: its gateway's next batch is refused. The list is asked again before it resolves. */
export function useRevokeIngestKeyMutation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(ingestKeyKeys.revoke(), async (_key, { arg: claveingestaid }: { arg: number }) => {
    await apiRequest<unknown>(ingestKeyPaths.one(claveingestaid), { method: 'DELETE' });
    await mutate(ingestKeyKeys.list());
  });
}
