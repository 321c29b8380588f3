/**
 * The page's side of the answers the service worker keeps (apps/console/sw/sw.ts, issue 30
 * item 2): how a kept answer is told from a fresh one, and how kept answers are forgotten.
 */
import { FORGET_KEPT_MESSAGE, KEPT_CACHE_PREFIX, KEPT_SERVED_HEADER, KEPT_STORED_AT_HEADER } from '@camposense/domain';


export interface KeptAnswer {
  kind: 'fallback' | 'stale';
  /** When the server gave it; null when it did not say. */
  storedAt: Date | null;
}

/** Whether an answer came from the worker's cache, and from when; null for a fresh answer. */
export function keptAnswerOf(response: Response): KeptAnswer | null {
  const kind = response.headers.get(KEPT_SERVED_HEADER);
  if (kind !== 'fallback' && kind !== 'stale') return null;
  const storedAt = new Date(response.headers.get(KEPT_STORED_AT_HEADER) ?? '');
  return { kind, storedAt: Number.isNaN(storedAt.getTime()) ? null : storedAt };
}

/**
 * The paths a write under `url` makes stale: its resource (`/api/sense/umbral/5` → `/api/sense/umbral`);
 * an acknowledgement changes the alerts report. Null for the sign-in endpoints, which change no data.
 */
export function stalePrefixOf(url: string): string | null {
  const path = new URL(url, 'http://console.invalid').pathname;
  if (path.startsWith('/api/auth/')) return null;
  if (/^\/api\/(alerts|episodes)(\/|$)/.test(path)) return '/api/sense/reports/alertas';
  return path.split('/').slice(0, 4).join('/');
}


/** Tells the worker that controls the page, if any, to forget; whether one was told. */
function tellWorkerToForget(): boolean {
  try {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return false;
    worker.postMessage({ type: FORGET_KEPT_MESSAGE });
    return true;
  } catch {
    // No worker (or none controls the page): nothing of its is in flight.
    return false;
  }
}

/**
 * Deletes kept answers: all of them (sign-out: a shared phone must not show the next person this
 * one's data), or those a write to `writtenUrl` made stale, before the screen asks again, so it
 * never shows the row it just changed as it was.
 */
export async function forgetKeptAnswers(writtenUrl?: string): Promise<void> {
  // At sign-out the worker forgets them, with the reads it has in flight (apps/console
  // sw/kept-answers-guard.ts), which would otherwise keep the previous user's answers when they come
  // back. The page deletes them itself only where no worker controls it to do so.
  if (writtenUrl === undefined && tellWorkerToForget()) return;
  if (typeof caches === 'undefined') return;
  try {
    const names = (await caches.keys()).filter((name) => name.startsWith(KEPT_CACHE_PREFIX));
    if (writtenUrl === undefined) {
      await Promise.all(names.map((name) => caches.delete(name)));
      return;
    }
    const prefix = stalePrefixOf(writtenUrl);
    if (prefix === null) return;
    await Promise.all(
      names.map(async (name) => {
        const cache = await caches.open(name);
        const stale = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(prefix));
        await Promise.all(stale.map((request) => cache.delete(request)));
      }),
    );
  } catch {
    // Storage refused or gone: nothing is kept to forget.
  }
}
