import { preload } from 'swr';
import { apiFetcher, whenAccessToken } from '../client/api-client';
import { REFRESH_TIMEOUT_MS } from '../auth/auth-api';
import { metricKeys, metricPaths } from '../metrics/keys';
import { nodeKeys, nodePaths } from './keys';

/**
 * The dashboard's own first reads (its node list and the metrics), asked as soon as the session's
 * token is there, under the keys the dashboard's hooks use: SWR hands them the answer on their
 * first render instead of sending the requests only once the whole console has drawn. For a reload
 * at /dashboard (apps/console signed-in-app.tsx), whose renewal of the session is the one wait
 * before them (issue 30, repeat visit). Never without a token: a page opened without signal reads
 * what the service worker kept, through the hooks, as before.
 */
export function readDashboardAhead(): void {
  whenAccessToken(() => {
    // A failure is the hook's to show; the copy kept here only stops an unhandled rejection.
    preload(nodeKeys.located(), () => apiFetcher(nodePaths.located())).catch(() => undefined);
    preload(metricKeys.list(), () => apiFetcher(metricPaths.list())).catch(() => undefined);
  }, REFRESH_TIMEOUT_MS);
}
