import type { UserAccessResponse } from '@camposense/domain';
import { mutate, preload } from 'swr';
import { apiFetcher, currentSessionGeneration, currentSessionUser, whenAccessToken } from '../client/api-client';
import { REFRESH_TIMEOUT_MS } from '../auth/auth-api';
import { metricKeys, metricPaths } from '../metrics/keys';
import { placeKeys, placePaths } from '../places/keys';
import { detectSense } from '../sense/detect';
import { senseListFetcher } from '../sense/sense-fetcher';
import { userAccessKeys, userAccessPaths } from '../user-access/keys';
import { nodeKeys, nodePaths } from './keys';

/**
 * Asks `key`'s answer now and, when it comes, puts it in SWR's cache: the hook's first render then
 * draws the data instead of its loading state, and its first revalidation takes this request (SWR's
 * `preload`) instead of sending another. A failure is the hook's to show, when it asks again (the
 * promise returned has that handler already: `void` is enough).
 */
function readAhead<T>(key: readonly unknown[], fetch: () => Promise<T>): Promise<T> {
  const generation = currentSessionGeneration();
  const answer = preload(key, fetch);
  // A sign-out before the answer came emptied the cache (client/session-reads.ts): the answer is
  // the previous user's and must not be put back in it.
  answer.then((data) => {
    if (currentSessionGeneration() === generation) void mutate(key, data, { revalidate: false });
  }, () => undefined);
  return answer;
}

/**
 * What every screen of a signed-in user waits for before it draws (the shell's access gate): the
 * user's own grant and, for a user granted some companies, every farm (apps/console
 * `GlobalFiltersProvider` looks for a single granted farm to start in). Asked one after the other
 * here, at once, rather than each after the render the previous one caused. An admin's grant is
 * never asked (AccessProvider), so nothing is read for one.
 */
function readGrantAhead(): void {
  const user = currentSessionUser();
  if (!user || user.user_metadata.rol === 'admin') return;
  const generation = currentSessionGeneration();
  // The farms' fetcher asks whether the server offers the sense schema first (asked once per page):
  // asked beside the grant, so the farms wait for one round trip on a cold cache, not two.
  void detectSense();
  readAhead<UserAccessResponse>(userAccessKeys.of(user.id), () => apiFetcher(userAccessPaths.of(user.id)))
    .then((access) => {
      if (access.todas || access.accesos.length === 0 || currentSessionGeneration() !== generation) return;
      void readAhead(placeKeys.farms(null, { allWhenNone: true })!, () => senseListFetcher(placePaths.farms('all')));
    })
    .catch(() => undefined);
}

/**
 * The dashboard's first reads (the grant it waits for, its node list and the metrics), asked as
 * soon as the session's token is there, under the keys the hooks use, and put in SWR's cache as
 * they come, so the console draws them on its first render instead of sending each request only
 * once the render before has drawn. For a reload at /dashboard (apps/console signed-in-app.tsx),
 * whose renewal of the session is the one wait before them (issue 30, repeat visit). Never without
 * a token: a page opened without signal reads what the service worker kept, through the hooks, as
 * before, and a session the server refuses reads nothing.
 */
export function readDashboardAhead(): void {
  whenAccessToken(() => {
    readGrantAhead();
    void readAhead(nodeKeys.located(), () => apiFetcher(nodePaths.located()));
    void readAhead(metricKeys.list(), () => apiFetcher(metricPaths.list()));
  }, REFRESH_TIMEOUT_MS);
}
