import type { UmbralMassiveRequest, UmbralMassiveResult } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { useRevalidateThresholds } from './invalidate';
import { thresholdKeys, thresholdPaths } from './keys';

/**
 * `POST /api/sense/umbral/massive`: creates or replaces every band in one transaction (or, with
 * `dryRun`, only counts). After a real save, revalidates every thresholds listing and the
 * parameters' umbral and audit views.
 */
export function useSaveMassiveThresholdsMutation() {
  const revalidate = useRevalidateThresholds();
  return useSWRMutation(thresholdKeys.saveMassive(), async (_key, { arg: request }: { arg: UmbralMassiveRequest }) => {
    const result = await apiRequest<UmbralMassiveResult>(thresholdPaths.massive(), { method: 'POST', body: request });
    if (!result.dryRun) await revalidate(null);
    return result;
  });
}
