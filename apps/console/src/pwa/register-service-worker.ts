/**
 * Registers the service worker (issue 30, item 2) in the production build only: the dev server,
 * Storybook and Vitest's browser runs never load this file's caller (main.tsx) or never build the
 * worker. The registration code (workbox-window) is a chunk of its own, fetched after the page's
 * load, so the sign-in screen's first download does not grow. The e2e harness blocks service
 * workers in its browser contexts unless a journey asks for them (apps/console-e2e/src/support/session.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
