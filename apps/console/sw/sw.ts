// The console's service worker (issue 30, item 2), built by vite-plugin-pwa (injectManifest) into
// dist/console/sw.js. It precaches the shell, answers the SPA's routes with the precached
// index.html, and keeps the last answers of the API's reads so a reload without signal still shows
// the operator's screens. It never touches the sign-in endpoints, writes, the event stream,
// downloads (their URLs carry single-use tokens) or the health check (whose failure is how the
// console learns it lost the server).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { FORGET_KEPT_MESSAGE, KEPT_CACHE_PREFIX, KEPT_SERVED_HEADER, KEPT_STORED_AT_HEADER } from '@camposense/domain';
import { keptAnswersGuard } from './kept-answers-guard';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// Named from the prefix the page and kept-answers-guard.ts forget at sign-out: a shared device must
// not show the next person the last one's data.
const LISTS_CACHE = `${KEPT_CACHE_PREFIX}lists`;
const LIVE_CACHE = `${KEPT_CACHE_PREFIX}live`;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open console at once, so the screens it opens next are kept; a later
// version waits for the operator's Update (then the page reloads), so claiming never swaps code under a running page.
clientsClaim();

// The screens' chunks and the other fonts (the precache holds the shell only: vite.config.ts
// `shellOnly`): kept as a screen first loads them; their names carry their content hash.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'camposense-assets',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

// A route of the SPA (/dashboard after a reload) is the precached index.html, online or not; it is
// revalidated with the rest of the precache when a new version installs.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

/** Reads that must always reach the server, or never be kept. */
function neverKept(url: URL, request: Request): boolean {
  return (
    /^\/api\/(auth|ingest|docs|openapi\.json|health)(\/|$)/.test(url.pathname) ||
    url.pathname.startsWith('/api/sense/stream') ||
    url.pathname.endsWith('.csv') ||
    url.pathname.includes('download-token') ||
    url.searchParams.has('token') ||
    (request.headers.get('accept') ?? '').includes('text/event-stream')
  );
}

function isApiRead(url: URL, request: Request): boolean {
  return url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/api/') && !neverKept(url, request);
}

/** What moves with every reading: charts, the node list, the ongoing alerts. */
const LIVE_PATHS = /^\/api\/(sense\/(series|nodos-con-localizacion|mediciones|en-curso)|episodes)(\/|\?|$)/;

/**
 * Marks an answer that comes from the cache, with when the server gave it: `fallback` when the
 * network failed (network-first), `stale` when it is shown while a fresh one is fetched
 * (stale-while-revalidate). The page shows "last data from HH:MM" from it.
 */
function markKept(kind: 'fallback' | 'stale'): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      if (!cachedResponse) return cachedResponse;
      const headers = new Headers(cachedResponse.headers);
      headers.set(KEPT_SERVED_HEADER, kind);
      headers.set(KEPT_STORED_AT_HEADER, cachedResponse.headers.get('date') ?? '');
      return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
    },
  };
}

/**
 * Stale-while-revalidate shows the kept answer and fetches a fresh one behind it; when the fresh one
 * differs (its ETag), the open consoles are told which path changed so they ask again (and get it).
 */
const tellPagesWhenChanged: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, oldResponse, newResponse }) => {
    if (!oldResponse) return;
    const before = oldResponse.headers.get('etag');
    if (before !== null && before === newResponse.headers.get('etag')) return;
    const { pathname, search } = new URL(request.url);
    for (const client of await self.clients.matchAll({ type: 'window' })) {
      client.postMessage({ type: 'camposense:api-updated', path: pathname + search });
    }
  },
};

// The token travels in a header the cache ignores, so an answer kept for a signed-in operator is
// found again by the reload without signal, which has no token yet (the auth provider keeps the
// last profile and the page stays signed in until the server says otherwise).
const matchOptions: CacheQueryOptions = { ignoreVary: true };
const keepOk = () => new CacheableResponsePlugin({ statuses: [200] });
// A read that left before a sign-out never keeps its answer after it.
const guard = keptAnswersGuard(self.caches);

registerRoute(
  ({ url, request }) => isApiRead(url, request) && LIVE_PATHS.test(url.pathname),
  new NetworkFirst({
    cacheName: LIVE_CACHE,
    matchOptions,
    plugins: [guard.plugin, keepOk(), new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 7 * 24 * 3600 }), markKept('fallback')],
  }),
);

registerRoute(
  ({ url, request }) => isApiRead(url, request),
  new StaleWhileRevalidate({
    cacheName: LISTS_CACHE,
    matchOptions,
    plugins: [guard.plugin, keepOk(), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 }), markKept('stale'), tellPagesWhenChanged],
  }),
);

// 'prompt': the new version waits until the operator chooses Update (workbox-window's messageSkipWaiting).
// A sign-out (or a refused session) in any tab: the page deletes the kept answers and asks this
// worker to forget them too, reads in flight included.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === FORGET_KEPT_MESSAGE) event.waitUntil(guard.forget());
});
