import type { StreamTicket } from '@camposense/domain';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE, apiRequest } from '../client/api-client';
import { reconnectDelay, registerStreamReconnect, reportLiveStream } from '../client/connection';
import { dashboardKeys, EPISODES } from '../dashboard/keys';
import { REPORTS_BASE } from '../reports/keys';
import { startLiveClient } from './live-client';
import type { LiveEventType } from './live-client';
import { senseKeys } from '../sense/keys';

export { LIVE_EVENT_TYPES } from './live-client';
export type { LiveEventType } from './live-client';

const SERIES = '/sense/series?';
const NODES = dashboardKeys.nodos();
const ALERT_REPORT = `${REPORTS_BASE}/alertas`;
const MESSAGE_REPORT = `${REPORTS_BASE}/mensajes`;
/** The status card's active-alert count and any table view of alerts. */
const ALERT_TABLE = '/sense/alerta?';
const HEALTH = '/health';
/** The header's "Alertas en curso" (issue 28, item 3): what opens, ends or acknowledges an episode changes it. */
const EN_CURSO = senseKeys.enCurso();
/** The charts' open episodes: a reading can end one, an alert open one, an acknowledgement mark one. */
const OPEN_EPISODES = `${EPISODES}?`;

/**
 * Which cached calls an event makes stale: their SWR keys are asked again, so every open view
 * (dashboard charts and node list, the alerts and messages reports, the status card) shows it.
 */
export function keysStaleAfter(type: LiveEventType): (key: string) => boolean {
  switch (type) {
    case 'readings':
      return (key) => key.startsWith(SERIES) || key === NODES || key.startsWith(OPEN_EPISODES);
    case 'alerts':
    case 'acknowledged':
      return (key) =>
        key.startsWith(ALERT_REPORT) || key.startsWith(ALERT_TABLE) || key.startsWith(SERIES) || key === NODES || key.startsWith(OPEN_EPISODES) || key === EN_CURSO;
    case 'messages':
      return (key) => key.startsWith(MESSAGE_REPORT);
    case 'episodes':
      return (key) => key === NODES || key.startsWith(ALERT_REPORT) || key.startsWith(OPEN_EPISODES) || key === EN_CURSO;
    case 'reset':
      return (key) =>
        key.startsWith(SERIES) || key === NODES || key.startsWith(OPEN_EPISODES) || key.startsWith(ALERT_REPORT) || key.startsWith(MESSAGE_REPORT) || key.startsWith(ALERT_TABLE) || key === HEALTH || key === EN_CURSO;
  }
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
        void mutate((key) => typeof key === 'string' && matchers.some((matches) => matches(key)));
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
