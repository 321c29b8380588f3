import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { keyStartsWith, keyStartsWithAny } from '../client/query-key';
import { useRevalidateTable } from '../tables/invalidate';
import { thresholdKeys } from './keys';

/**
 * What a threshold write is followed by: the tab's listings, everything about the threshold it
 * touched (preview, history, version), and the parameters area's views of the same rows (its
 * umbral, perfilumbral and audit views, threshold names in its selects), so none shows them stale.
 * Without a threshold (the massive save), the listings and the umbral and audit views.
 */
export function useRevalidateThresholds(): (umbralId: number | null) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const revalidateUmbral = useRevalidateTable('umbral');
  const revalidateProfiles = useRevalidateTable('perfilumbral');
  const revalidateAudit = useRevalidateTable('audit_log_umbral');
  return useCallback(
    (umbralId: number | null) =>
      umbralId === null
        ? Promise.all([mutate(keyStartsWith(thresholdKeys.lists)), revalidateUmbral(), revalidateAudit()])
        : Promise.all([
            mutate(keyStartsWithAny([thresholdKeys.lists, thresholdKeys.one(umbralId)])),
            revalidateUmbral(),
            revalidateProfiles(),
            revalidateAudit(),
          ]),
    [mutate, revalidateUmbral, revalidateProfiles, revalidateAudit],
  );
}
