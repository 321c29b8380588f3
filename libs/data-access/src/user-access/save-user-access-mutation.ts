import type { UserAccessBody, UserAccessResponse } from '@camposense/domain';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { userAccessKeys, userAccessPaths } from './keys';

/** Replaces a user's whole set of grants; what the API stored becomes the cached grants, without asking again. */
export function useSaveUserAccessMutation(usuarioid: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(userAccessKeys.save(usuarioid), async (_key, { arg: accesos }: { arg: UserAccessBody['accesos'] }) => {
    const stored = await apiRequest<UserAccessResponse>(userAccessPaths.of(usuarioid), { method: 'PUT', body: { accesos } });
    await mutate(userAccessKeys.of(usuarioid), stored, { revalidate: false });
    return stored;
  });
}
