import { useSyncExternalStore } from 'react';

/**
 * A new version of the console that waits (the service worker is registered with `prompt`): how to
 * switch to it, until the operator chooses Update or Later. Filled by service-worker-client.ts.
 */
let apply: (() => void) | null = null;
let dismissed = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A new version is installed and waits; `activate` switches to it (the page reloads). */
export function offerUpdate(activate: () => void): void {
  apply = activate;
  dismissed = false;
  notify();
}

/** Later: the waiting version is not offered again until the next one. */
export function dismissUpdate(): void {
  dismissed = true;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOffered = () => apply !== null && !dismissed;

/** Whether to show the prompt, and its two answers: Later hides it until the next version. */
export function useWaitingUpdate(): { available: boolean; update: () => void; later: () => void } {
  const available = useSyncExternalStore(subscribe, isOffered, () => false);
  return {
    available,
    update: () => apply?.(),
    later: dismissUpdate,
  };
}
