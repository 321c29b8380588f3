import type { StreamTicket } from '@camposense/domain';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE, apiRequest } from '../client/api-client';
import { reconnectDelay, registerStreamReconnect, reportLiveStream } from '../client/connection';
import { keyStartsWithAny } from '../client/query-key';
import type { QueryKey } from '../client/query-key';
import { alertKeys } from '../alerts/keys';
import { episodeKeys } from '../episodes/keys';
import { messageKeys } from '../messages/keys';
import { nodeKeys } from '../nodes/keys';
import { seriesKeys } from '../series/keys';
import { healthKeys } from '../system-status/keys';
import { tableKeys } from '../tables/keys';
import { startLiveClient } from './live-client';
import type { LiveEventType } from './live-client';

export type { LiveEventType } from './live-client';

/** Every chart's series, the dashboard's and the thresholds tab's. */
const SERIES = seriesKeys.all;
const NODES = nodeKeys.located();
/** The map's nodes and a node's radio health (issue 33): readings, alerts and silences change their state. */
const NODE_MAP = [...nodeKeys.all, 'map'] as const;
const NODE_HEALTH = [...nodeKeys.all, 'health'] as const;
/** The alerts report's pages and its filter options. */
const ALERTS = alertKeys.all;
/** The messages report's pages and its filter options. */
const MESSAGES = messageKeys.all;
/** The status card's active-alert count and any table view of alerts (their pages, not their names). */
const ALERT_TABLE = [...tableKeys.table('alerta'), 'rows'] as const;
const HEALTH = healthKeys.all;
/** The header's "Alertas en curso" (issue 28, item 3): what opens, ends or acknowledges an episode changes it. */
const EN_CURSO = episodeKeys.ongoing();
/** The charts' open episodes: a reading can end one, an alert open one, an acknowledgement mark one. */
const OPEN_EPISODES = [...episodeKeys.all, 'open'] as const;

/** Which keys each kind of event makes stale, by the tuples' leading elements. */
const STALE_AFTER: Record<LiveEventType, readonly QueryKey[]> = {
  readings: [SERIES, NODES, NODE_MAP, NODE_HEALTH, OPEN_EPISODES],
  radio: [NODE_MAP, NODE_HEALTH],
  alerts: [ALERTS, ALERT_TABLE, SERIES, NODES, NODE_MAP, OPEN_EPISODES, EN_CURSO],
  acknowledged: [ALERTS, ALERT_TABLE, SERIES, NODES, OPEN_EPISODES, EN_CURSO],
  messages: [MESSAGES],
  episodes: [NODES, NODE_MAP, ALERTS, OPEN_EPISODES, EN_CURSO],
  reset: [SERIES, NODES, NODE_MAP, NODE_HEALTH, OPEN_EPISODES, ALERTS, MESSAGES, ALERT_TABLE, HEALTH, EN_CURSO],
};

/**
 * Which cached calls an event makes stale: their SWR keys are asked again, so every open view
 * (dashboard charts and node list, the alerts and messages reports, the status card) shows it.
 */
export function keysStaleAfter(type: LiveEventType): (key: unknown) => boolean {
  return keyStartsWithAny(STALE_AFTER[type]);
}

export { reconnectDelay };

/**
 * Keeps the signed-in console live: the live client (live-client.ts) opens the server-sent event
 * stream with a single-use ticket, watches its heartbeats, reconnects with backoff and catches up;
 * this hook revalidates what each event makes stale and tells the one connection state
 * (client/connection.ts) what the stream is doing. Mount it once, inside the console's SWRConfig.
 */
export function useLiveUpdates(enabled = true): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const client = startLiveClient({
      requestTicket: async (signal) => (await apiRequest<StreamTicket>('/sense/stream/ticket', { method: 'POST', signal })).ticket,
      openSource: (url) => new EventSource(url),
      streamUrl: (ticket, lastEventId) => {
        const query = new URLSearchParams({ token: ticket });
        if (lastEventId) query.set('lastEventId', lastEventId);
        return `${API_BASE}/sense/stream?${query.toString()}`;
      },
      onEvents: (types) => {
        const matchers = types.map(keysStaleAfter);
        void mutate((key) => matchers.some((matches) => matches(key)));
      },
      onState: (state, lastEventAt) => reportLiveStream(state, lastEventAt),
    });
    const unregister = registerStreamReconnect(() => client.reconnectNow());
    const offline = () => client.goOffline();
    const online = () => client.reconnectNow();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      unregister();
      client.stop();
    };
  }, [enabled, mutate]);
}
