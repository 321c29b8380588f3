import { KEPT_CACHE_PREFIX } from '@camposense/domain';
import type { WorkboxPlugin } from 'workbox-core';

/**
 * Kept answers belong to the session that fetched them (issue 30): after a sign-out, or a session the
 * server refused, the next person on a shared phone must not be shown them, not even painted
 * stale-while-revalidate for a moment. Deleting the caches is not enough: a read that left before
 * the sign-out (a revalidation behind a stale answer, a network-first read on the slow link) comes
 * back afterwards with the previous user's data and would put it in a new cache. Each handling
 * notes the generation it started in; `forget` starts a new one, and an answer from an older one is
 * never kept: refused before it is written, deleted if the write was already under way.
 */
export function keptAnswersGuard(storage: CacheStorage): { plugin: WorkboxPlugin; forget: () => Promise<void> } {
  let generation = 0;
  const startedIn = (state: Record<string, unknown> | undefined) => state?.['generation'];
  const plugin: WorkboxPlugin = {
    handlerWillStart: async ({ state }) => {
      if (state) state['generation'] = generation;
    },
    cacheWillUpdate: async ({ response, state }) => (startedIn(state) === generation ? response : null),
    cacheDidUpdate: async ({ cacheName, request, state }) => {
      if (startedIn(state) !== generation) await (await storage.open(cacheName)).delete(request);
    },
  };
  const forget = async () => {
    generation += 1;
    const names = (await storage.keys()).filter((name) => name.startsWith(KEPT_CACHE_PREFIX));
    await Promise.all(names.map((name) => storage.delete(name)));
  };
  return { plugin, forget };
}
