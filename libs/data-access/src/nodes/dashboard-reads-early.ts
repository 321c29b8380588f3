import type { UserAccessResponse } from '@camposense/domain';
import { currentSessionGeneration, currentSessionUser, whenAccessToken } from '../client/api-client';
import { readEarly } from '../client/early-reads';
import { REFRESH_TIMEOUT_MS } from '../auth/auth-api';
import { metricKeys, metricPaths } from '../metrics/keys';
import { placeKeys, placePaths } from '../places/keys';
import { senseListBesideDetect } from '../sense/sense-fetcher';
import { userAccessKeys, userAccessPaths } from '../user-access/keys';
import { nodeKeys, nodePaths } from './keys';

/** One of the dashboard's first reads: its SWR key and its answer, asked already. */
export interface DashboardRead {
  key: readonly unknown[];
  answer: Promise<unknown>;
}

/**
 * What every screen of a signed-in user waits for before it draws (the shell's access gate): the
 * user's own grant and, for a user granted some companies, every farm (apps/console
 * `GlobalFiltersProvider` looks for a single granted farm to start in). Both asked at once: the
 * farms asked once the grant had answered left after the console's chunk had compiled (the answer's
 * handling waited for that long task), and the shell's first draw waited for them or was started
 * again by their answer (issue 30, repeat visit). The farms are handed on only when the grant
 * decides on them; a user who holds every company or none asked them for nothing. An admin's grant
 * is never asked (AccessProvider), so nothing is read for one.
 */
function readGrant(onRead: (read: DashboardRead) => void): void {
  const user = currentSessionUser();
  if (!user || user.user_metadata.rol === 'admin') return;
  const generation = currentSessionGeneration();
  const access = readEarly<UserAccessResponse>(userAccessPaths.of(user.id));
  onRead({ key: userAccessKeys.of(user.id), answer: access });
  const farmsPath = placePaths.farms('all');
  const farms = readEarly(farmsPath, () => senseListBesideDetect(farmsPath));
  access
    .then((granted) => {
      if (granted.todas || granted.accesos.length === 0 || currentSessionGeneration() !== generation) return;
      onRead({ key: placeKeys.farms(null, { allWhenNone: true })!, answer: farms });
    })
    .catch(() => undefined);
}

/**
 * The dashboard's first reads (the grant it waits for, its node list, the metrics and the countries), asked as
 * soon as the session's token is there: a reload at /dashboard has the renewal as its one wait
 * before them (issue 30, repeat visit). The page's entry asks them (apps/console auth-gate), before
 * the signed-in console's chunk has compiled; that chunk asks again with `onRead`, gets the same
 * answers and puts them in SWR's cache (dashboard-read-ahead.ts). Never without a token: a page
 * opened without signal reads what the service worker kept, through the hooks, and a session the
 * server refuses reads nothing.
 */
export function readDashboardEarly(onRead: (read: DashboardRead) => void = () => undefined): void {
  whenAccessToken(() => {
    readGrant(onRead);
    onRead({ key: nodeKeys.located(), answer: readEarly(nodePaths.located()) });
    onRead({ key: metricKeys.list(), answer: readEarly(metricPaths.list()) });
    // The countries: the shell's scope chip and the dashboard's time zone read them, and an answer
    // that arrived while the dashboard's first draw rendered started that draw again.
    const countries = placePaths.countries();
    onRead({ key: placeKeys.countries(), answer: readEarly(countries, () => senseListBesideDetect(countries)) });
  }, REFRESH_TIMEOUT_MS);
}
