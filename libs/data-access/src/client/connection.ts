import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';

/** Waits before reconnecting after the n-th failure in a row (1 s, 2 s, 4 s… up to 30 s). */
export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * Whether the API can be reached, as the last request found it: a network failure (no answer at
 * all) marks the connection lost, any answer, even an HTTP error, marks it back. An HTTP error is
 * the server speaking, so it never shows the lost-connection banner.
 */
let lost = false;
const listeners = new Set<() => void>();

function setLost(next: boolean): void {
  if (lost === next) return;
  lost = next;
  for (const listener of listeners) listener();
}

/** A request got no answer (the api client calls it). */
export function reportNetworkFailure(): void {
  setLost(true);
}

/** A request got an answer, whatever its status (the api client calls it). */
export function reportNetworkAnswer(): void {
  setLost(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the API cannot be reached. */
export function useConnectionLost(): boolean {
  return useSyncExternalStore(subscribe, () => lost, () => false);
}

/**
 * While the connection is lost, asks SWR to revalidate every mounted key after 1 s, 2 s, 4 s… (up
 * to 30 s, the live stream's backoff): the first answer marks the connection back, and the stream
 * reconnects on its own backoff. Returns the lost flag and a retry-now.
 */
export function useConnectionRetry(): { lost: boolean; retryNow: () => void } {
  const isLost = useConnectionLost();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!isLost) return undefined;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      attempts += 1;
      timer = setTimeout(() => {
        void mutate(() => true);
        schedule();
      }, reconnectDelay(attempts));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [isLost, mutate]);
  return { lost: isLost, retryNow: () => void mutate(() => true) };
}
