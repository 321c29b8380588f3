import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateThresholds } from './invalidate';
import { thresholdKeys, thresholdPaths } from './keys';
import type { UmbralChanges } from './types';

export interface UpdateThresholdArg {
  umbralId: number;
  changes: UmbralChanges;
  /** With the row's ETag, a row someone else changed meanwhile is refused (ApiError 412) instead of overwritten. */
  etag?: string | null;
}

/** Changes a threshold's band, name, criticality or status (PUT /api/sense/umbral/{id}). */
export function useUpdateThresholdMutation() {
  const revalidate = useRevalidateThresholds();
  return useSWRMutation(thresholdKeys.update(), async (_key, { arg }: { arg: UpdateThresholdArg }) => {
    const row = await apiRequest<{ umbralid: number }>(thresholdPaths.one(arg.umbralId), { method: 'PUT', body: arg.changes, ifMatch: arg.etag ?? null });
    await revalidate(arg.umbralId);
    return row;
  });
}
