import type { UmbralPerfilesResponse } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateThresholds } from './invalidate';
import { thresholdKeys, thresholdPaths } from './keys';

export interface SetThresholdProfilesArg {
  umbralId: number;
  perfilids: number[];
}

/** The profiles a threshold tells (PUT /api/sense/umbral/{id}/perfiles), all of them at once. */
export function useSetThresholdProfilesMutation() {
  const revalidate = useRevalidateThresholds();
  return useSWRMutation(thresholdKeys.setProfiles(), async (_key, { arg }: { arg: SetThresholdProfilesArg }) => {
    const answer = await apiRequest<UmbralPerfilesResponse>(thresholdPaths.profiles(arg.umbralId), { method: 'PUT', body: { perfilids: arg.perfilids } });
    await revalidate(arg.umbralId);
    return answer;
  });
}
