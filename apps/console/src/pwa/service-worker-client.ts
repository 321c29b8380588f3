import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-store';

/** How often an open console asks whether a new version was deployed (browsers also check on each visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers dist/console/sw.js (built from apps/console/sw/sw.ts) and offers a new version when one
 * waits: it never replaces the running console by itself, the operator chooses Update.
 */
export function startServiceWorker(): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register().catch(() => undefined);
  setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
}
