import type { Session } from '@camposense/domain';
import { SESSION_STORAGE_KEY } from './session-storage';

/** What one tab tells the others of the same browser about the shared session. */
export type TabMessage =
  | { type: 'signed-out' }
  /** A new access token (after a sign-in or a refresh), never the refresh token. */
  | { type: 'session'; session: Session };

export interface TabChannel {
  post(message: TabMessage): void;
  close(): void;
}

const CHANNEL_NAME = 'camposense-session';
/** The Web Lock every tab takes around a refresh (docs/security.md). */
export const REFRESH_LOCK = 'camposense-refresh';

/**
 * BroadcastChannel where the browser has it; the storage event on the session marker as well,
 * which every browser has, so a sign-out reaches the other tabs either way.
 */
export function openTabChannel(onMessage: (message: TabMessage) => void): TabChannel {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  if (channel) channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  const onStorage = (event: StorageEvent) => {
    const markerRemoved = event.key === SESSION_STORAGE_KEY && event.newValue === null;
    if (markerRemoved || event.key === null) onMessage({ type: 'signed-out' });
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (message) => channel?.postMessage(message),
    close: () => {
      channel?.close();
      window.removeEventListener('storage', onStorage);
    },
  };
}

/**
 * Runs `task` while holding the cross-tab refresh lock, so two tabs never spend the same refresh
 * token (which the server would take for theft). Without the Web Locks API it runs at once.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(REFRESH_LOCK, () => task()) as Promise<T>;
}
