import { mutate, preload } from 'swr';
import { currentSessionGeneration } from '../client/api-client';
import { readDashboardEarly, type DashboardRead } from './dashboard-reads-early';

/**
 * Puts a read asked ahead in SWR's cache when it comes: the hook's first render then draws the data
 * instead of its loading state, and its first revalidation takes this request (SWR's `preload`)
 * instead of sending another. A failure is the hook's to show, when it asks again.
 */
function keepInSwr({ key, answer }: DashboardRead): void {
  const generation = currentSessionGeneration();
  void preload(key, () => answer);
  // A sign-out before the answer came emptied the cache (client/session-reads.ts): the answer is
  // the previous user's and must not be put back in it.
  answer.then((data) => {
    if (currentSessionGeneration() === generation) void mutate(key, data, { revalidate: false });
  }, () => undefined);
}

/**
 * The dashboard's first reads, in SWR's cache as they come (dashboard-reads-early.ts): the answers
 * the page's entry asked already, or asked now. For a reload at /dashboard (apps/console
 * signed-in-app.tsx).
 */
export function readDashboardAhead(): void {
  readDashboardEarly(keepInSwr);
}
