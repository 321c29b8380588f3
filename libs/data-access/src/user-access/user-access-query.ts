import type { UserAccessResponse } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { userAccessKeys, userAccessPaths } from './keys';

/** The companies `usuarioid` is granted, each with its level; `todas` for a platform admin. */
export function useUserAccess(usuarioid: number) {
  return useSWR<UserAccessResponse>(userAccessKeys.of(usuarioid), () => apiFetcher(userAccessPaths.of(usuarioid)));
}
