import { useSyncExternalStore } from 'react';
import type { KeptAnswer } from './offline-cache';

/**
 * Whether the console works from kept answers (issue 30, item 2), since when, and from when the
 * data it shows is. Offline is the browser saying so, or the service worker answering from its
 * cache because the network failed; a fresh answer (or the browser's `online` with no fallback
 * pending) ends it. A request that simply fails without a kept answer is the connection banner's
 * business (client/connection.ts), not this.
 */
export interface OfflineStatus {
  offline: boolean;
  /** When the console went offline; kept over a reload made without signal. */
  since: Date | null;
  /** The oldest kept answer shown since the last fresh one, or the last fresh answer's time. */
  lastDataAt: Date | null;
}

/** Where `since` outlives a reload without signal. */
export const OFFLINE_SINCE_STORAGE_KEY = 'camposense.offline-since';

let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let fallbackServed = false;
let lastFreshAt: Date | null = null;
let oldestKept: Date | null = null;
let snapshot: OfflineStatus = { offline: false, since: null, lastDataAt: null };
const listeners = new Set<() => void>();

function storedSince(): Date | null {
  try {
    const stored = localStorage.getItem(OFFLINE_SINCE_STORAGE_KEY);
    const date = stored ? new Date(stored) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

function storeSince(since: Date | null): void {
  try {
    if (since) localStorage.setItem(OFFLINE_SINCE_STORAGE_KEY, since.toISOString());
    else localStorage.removeItem(OFFLINE_SINCE_STORAGE_KEY);
  } catch {
    // Without storage a reload without signal says "offline" without a time.
  }
}

function update(): void {
  const offline = browserOffline || fallbackServed;
  let since = snapshot.since;
  if (offline && !snapshot.offline) {
    since = storedSince() ?? new Date();
    storeSince(since);
  } else if (!offline && snapshot.offline) {
    since = null;
    storeSince(null);
  }
  const lastDataAt = offline ? (oldestKept ?? lastFreshAt) : null;
  if (offline === snapshot.offline && since === snapshot.since && lastDataAt?.getTime() === snapshot.lastDataAt?.getTime()) return;
  snapshot = { offline, since, lastDataAt };
  for (const listener of listeners) listener();
}

/** The API client got an answer the service worker kept (client/offline-cache.ts). */
export function reportKeptAnswer({ kind, storedAt }: KeptAnswer): void {
  if (kind === 'fallback') fallbackServed = true;
  if (storedAt && (!oldestKept || storedAt < oldestKept)) oldestKept = storedAt;
  update();
}

/** The API client got a fresh answer from the server. */
export function reportFreshAnswer(): void {
  lastFreshAt = new Date();
  oldestKept = null;
  if (!fallbackServed && !snapshot.offline) return;
  fallbackServed = false;
  update();
}

function browserChanged(): void {
  browserOffline = navigator.onLine === false;
  update();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('online', browserChanged);
    window.addEventListener('offline', browserChanged);
    browserChanged();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', browserChanged);
      window.removeEventListener('offline', browserChanged);
    }
  };
}

const online: OfflineStatus = { offline: false, since: null, lastDataAt: null };

/** The console's offline status (see OfflineStatus). */
export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribe, () => snapshot, () => online);
}

/** Back to the first state (tests). */
export function resetOfflineStatus(): void {
  browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  fallbackServed = false;
  lastFreshAt = null;
  oldestKept = null;
  update();
}
