import type { WorkboxPlugin } from 'workbox-core';
import { describe, expect, it } from 'vitest';
// The worker's own module (apps/console/sw), tested here: the unit project runs the app's src tests.
import { keptAnswersGuard } from '../../sw/kept-answers-guard';

/** CacheStorage as the guard uses it, in memory: caches by name, answers by URL. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (request: Request, response: Response) => void store.set(request.url, response),
      delete: async (request: Request) => store.delete(request.url),
    } as unknown as Cache;
  };
  const storage = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, urlsIn: (name: string) => [...(stores.get(name)?.keys() ?? [])] };
}

/** One handling by a Workbox strategy, through the guard's callbacks, with its own state as Workbox keeps it. */
function handling(plugin: WorkboxPlugin, request: Request) {
  const state: Record<string, unknown> = {};
  // A worker's event, which the DOM's types do not name: the guard never reads it.
  const event = {} as Parameters<NonNullable<WorkboxPlugin['handlerWillStart']>>[0]['event'];
  return {
    start: () => plugin.handlerWillStart!({ request, event, state }),
    mayKeep: (response: Response) => plugin.cacheWillUpdate!({ request, response, event, state }),
    kept: (cacheName: string, newResponse: Response) => plugin.cacheDidUpdate!({ cacheName, request, newResponse, event, state }),
  };
}

const nodes = new Request('http://console.test/api/sense/nodos-con-localizacion?limit=1000');

describe('the kept answers guard', () => {
  it('keeps the answer of a read started in the current session', async () => {
    const { plugin } = keptAnswersGuard(memoryCaches().storage);
    const read = handling(plugin, nodes);
    await read.start();
    const answer = new Response('[]');
    expect(await read.mayKeep(answer)).toBe(answer);
  });

  it('never keeps the answer of a read that left before a sign-out, and keeps those of the next session', async () => {
    const caches = memoryCaches();
    const { plugin, forget } = keptAnswersGuard(caches.storage);
    const before = handling(plugin, nodes);
    await before.start();
    await forget();
    expect(await before.mayKeep(new Response('[{"nodo":"of the previous user"}]'))).toBeNull();

    const after = handling(plugin, nodes);
    await after.start();
    const answer = new Response('[]');
    expect(await after.mayKeep(answer)).toBe(answer);
  });

  it('deletes an answer whose write was already under way when the sign-out came', async () => {
    const caches = memoryCaches();
    const { plugin, forget } = keptAnswersGuard(caches.storage);
    const read = handling(plugin, nodes);
    await read.start();
    const answer = new Response('[]');
    expect(await read.mayKeep(answer)).toBe(answer);
    await forget();
    // The write lands after the caches were deleted, in a cache it creates again.
    const cache = await caches.storage.open('camposense-api-live');
    await cache.put(nodes, answer);
    await read.kept('camposense-api-live', answer);
    expect(caches.urlsIn('camposense-api-live')).toEqual([]);
  });

  it("deletes every cache of kept answers, and only those, when told to forget", async () => {
    const caches = memoryCaches();
    await caches.storage.open('camposense-api-lists');
    await caches.storage.open('camposense-api-live');
    await caches.storage.open('camposense-assets');
    const { forget } = keptAnswersGuard(caches.storage);
    await forget();
    expect(await caches.storage.keys()).toEqual(['camposense-assets']);
  });
});
