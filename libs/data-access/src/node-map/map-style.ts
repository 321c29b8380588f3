import type { HealthResponse } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { healthKeys, healthPaths } from '../system-status/keys';

/**
 * The server's `MAP_STYLE_URL` (issue 33): the console has no other runtime settings, so the API
 * names it in the health answer the status card already polls (same SWR key, no extra call). The
 * field is optional: an API that does not send it, or sends none, gives null, and the map uses its
 * default OpenStreetMap raster style.
 */
export function useMapStyleUrl(): string | null {
  const health = useSWR<HealthResponse>(healthKeys.check(), () => apiFetcher(healthPaths.check()));
  const url = health.data?.mapStyleUrl;
  return typeof url === 'string' && url.length > 0 ? url : null;
}
