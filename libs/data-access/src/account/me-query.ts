import type { MeResponse, Rol } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { accountKeys, accountPaths } from './keys';

/** The signed-in user's role from `/api/auth/me`; null while unknown. */
export function useSessionRole(): Rol | null {
  const { data } = useSWR<MeResponse>(accountKeys.me(), () => apiFetcher(accountPaths.me()));
  return data?.user.user_metadata.rol ?? null;
}
