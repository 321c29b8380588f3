import { findTable } from '@camposense/domain';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { alertKeys } from '../alerts/keys';
import { messageKeys } from '../messages/keys';
import { tableKeys } from '../tables/keys';
import { useOfflineStatus } from './offline';
import { keyStartsWith } from './query-key';
import type { QueryKey } from './query-key';

/**
 * The keys whose answers come from an API path: the reports and the table lists the service worker
 * serves stale-while-revalidate. Null for any other path (rare: places, metrics), which makes
 * every key be asked again.
 */
export function keysOfPath(path: string): QueryKey | null {
  const pathname = path.split('?')[0] ?? '';
  if (pathname.startsWith('/api/sense/reports/alertas')) return alertKeys.all;
  if (pathname.startsWith('/api/sense/reports/mensajes')) return messageKeys.all;
  const table = /^\/api\/sense\/([^/]+)/.exec(pathname)?.[1];
  const definition = table ? findTable(table) : undefined;
  return definition ? tableKeys.table(definition.name) : null;
}

interface ApiUpdated {
  type: 'camposense:api-updated';
  path: string;
}

function isApiUpdated(data: unknown): data is ApiUpdated {
  const message = data as Partial<ApiUpdated> | null;
  return message?.type === 'camposense:api-updated' && typeof message.path === 'string';
}

/**
 * A stale-while-revalidate answer is the kept one; when the service worker's fresh copy differs it
 * says so (apps/console/sw/sw.ts) and the keys of that path are asked again, now getting it.
 * Back online, every key is asked again. Mount once inside the console's SWRConfig.
 */
export function useKeptAnswersSync(): void {
  const { mutate } = useSWRConfig();
  // Back from offline (a fresh answer came, or the browser's signal with nothing kept pending):
  // every screen asks again, whatever SWR's own reconnect did while the session was being renewed.
  const { offline } = useOfflineStatus();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) void mutate(() => true);
    wasOffline.current = offline;
  }, [offline, mutate]);
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (!isApiUpdated(event.data)) return;
      const keys = keysOfPath(event.data.path);
      void mutate(keys ? keyStartsWith(keys) : () => true);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [mutate]);
}
