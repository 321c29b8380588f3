import { useCallback, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { reconnectDelay, reconnectStreamNow, useConnectionState, type ConnectionState } from './connection';

/**
 * While the connection is lost, asks SWR to revalidate every mounted key after 1 s, 2 s, 4 s… (up
 * to 30 s, the live stream's backoff): the first answer marks the connection back, and the stream
 * reconnects on its own backoff. Returns the state, the lost flag and a retry-now (every key and
 * the stream at once).
 */
export function useConnectionRetry(): { state: ConnectionState; lost: boolean; retryNow: () => void } {
  const state = useConnectionState();
  const isLost = state === 'reconnecting' || state === 'off';
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
  // One function for the hook's life (its `mutate` is the cache's), so what holds it does not redraw.
  const retryNow = useCallback(() => {
    reconnectStreamNow();
    void mutate(() => true);
  }, [mutate]);
  return { state, lost: isLost, retryNow };
}
