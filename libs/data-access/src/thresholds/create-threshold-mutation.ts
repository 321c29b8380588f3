import type { UmbralPerfilesResponse } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateThresholds } from './invalidate';
import { thresholdKeys, thresholdPaths } from './keys';
import type { NewUmbral } from './types';

export interface CreateThresholdArg {
  row: NewUmbral;
  perfilids: number[];
}

/** Creates the threshold, then its profiles: one step for the person. */
export function useCreateThresholdMutation() {
  const revalidate = useRevalidateThresholds();
  return useSWRMutation(thresholdKeys.create(), async (_key, { arg: { row, perfilids } }: { arg: CreateThresholdArg }) => {
    const created = await apiRequest<{ umbralid: number }>(thresholdPaths.create(), { method: 'POST', body: row });
    if (perfilids.length > 0) {
      await apiRequest<UmbralPerfilesResponse>(thresholdPaths.profiles(created.umbralid), { method: 'PUT', body: { perfilids } });
    }
    await revalidate(created.umbralid);
    return created;
  });
}
