import type { UserAccessResponse } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { userAccessKeys, userAccessPaths } from './keys';

/** The companies `usuarioid` is granted, each with its level; `todas` for a platform admin. Nothing is asked for `null`. */
export function useUserAccess(usuarioid: number | null) {
  return useSWR<UserAccessResponse>(usuarioid === null ? null : userAccessKeys.of(usuarioid), () => apiFetcher(userAccessPaths.of(usuarioid!)));
}
