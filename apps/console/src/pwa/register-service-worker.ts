import { whenIdle } from '../idle';

/** How long registration may wait for an idle moment after the page's load. */
const IDLE_TIMEOUT_MS = 10_000;

let registering = false;

/**
 * Registers the service worker (issue 30, item 2) in the production build only: the dev server,
 * Storybook and Vitest's browser runs never load this file's callers (main.tsx, the signed-in app)
 * or never build the worker. The registration code (workbox-window) is a chunk of its own, fetched
 * after the page's load and once the browser is idle, so on a slow link it never shares the wire or
 * the main thread with the sign-in form's first draw. Asked more than once, it registers once.
 *
 * `firstInstall`: where no worker controls the page yet (a first visit), its install waits until
 * the console is in use (the signed-in app calls this): the precache then finds the console's
 * chunks in the HTTP cache instead of fetching them a second time beside the sign-in's own fetch of
 * them, and a visitor who never signs in pays nothing for it. Where a worker already controls the
 * page, registration happens on load, signed in or not, so a new version is offered on the sign-in
 * too. The e2e harness blocks service workers in its browser contexts unless a journey asks for
 * them (apps/console-e2e/src/support/session.ts).
 */
export function registerServiceWorker({ firstInstall }: { firstInstall: boolean }): void {
  if (registering || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!firstInstall && !navigator.serviceWorker.controller) return;
  registering = true;
  const start = () => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker());
  const afterLoad = () => void whenIdle(start, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: 1_000 });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
