import { whenIdle } from '../idle';

/** How long registration may wait for an idle moment after the page's load. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Registers the service worker (issue 30, item 2) in the production build only: the dev server,
 * Storybook and Vitest's browser runs never load this file's caller (main.tsx) or never build the
 * worker. The registration code (workbox-window) is a chunk of its own, fetched after the page's
 * load and once the browser is idle, so on a slow link it never shares the wire or the main thread
 * with the sign-in form's first draw (the worker then precaches the shell in the background). The
 * e2e harness blocks service workers in its browser contexts unless a journey asks for them
 * (apps/console-e2e/src/support/session.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker());
  const afterLoad = () => void whenIdle(start, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: 1_000 });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
