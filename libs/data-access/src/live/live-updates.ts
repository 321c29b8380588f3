import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE, apiRequest } from '../client/api-client';
import { reconnectDelay } from '../client/connection';
import { dashboardKeys, EPISODES } from '../dashboard/keys';
import { REPORTS_BASE } from '../reports/keys';

/** The events of GET /api/sense/stream (apps/api/src/live/event-bus.ts). */
export const LIVE_EVENT_TYPES = ['readings', 'alerts', 'acknowledged', 'messages', 'episodes', 'reset'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

const SERIES = '/sense/series?';
const NODES = dashboardKeys.nodos();
const ALERT_REPORT = `${REPORTS_BASE}/alertas`;
const MESSAGE_REPORT = `${REPORTS_BASE}/mensajes`;
/** The status card's active-alert count and any table view of alerts. */
const ALERT_TABLE = '/sense/alerta?';
const HEALTH = '/health';
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
        key.startsWith(ALERT_REPORT) || key.startsWith(ALERT_TABLE) || key.startsWith(SERIES) || key === NODES || key.startsWith(OPEN_EPISODES);
    case 'messages':
      return (key) => key.startsWith(MESSAGE_REPORT);
    case 'episodes':
      return (key) => key === NODES || key.startsWith(ALERT_REPORT) || key.startsWith(OPEN_EPISODES);
    case 'reset':
      return (key) =>
        key.startsWith(SERIES) || key === NODES || key.startsWith(OPEN_EPISODES) || key.startsWith(ALERT_REPORT) || key.startsWith(MESSAGE_REPORT) || key.startsWith(ALERT_TABLE) || key === HEALTH;
  }
}

export { reconnectDelay };

/** How long events are gathered before the stale calls are asked again (a burst is one refetch). */
const COALESCE_MS = 150;

/**
 * Keeps the signed-in console live: opens the server-sent event stream with a single-use ticket,
 * revalidates what each event makes stale, and on a dropped connection gets a new ticket and
 * reconnects from the last event it saw (the server replays what was missed, or says `reset`,
 * and then everything shown is asked again). Mount it once, inside the console's SWRConfig.
 */
export function useLiveUpdates(enabled = true): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let lastEventId = '';
    let retry: ReturnType<typeof setTimeout> | null = null;
    let flush: ReturnType<typeof setTimeout> | null = null;
    const stale = new Set<LiveEventType>();

    const revalidate = () => {
      flush = null;
      const types = [...stale];
      stale.clear();
      const matchers = types.map(keysStaleAfter);
      void mutate((key) => typeof key === 'string' && matchers.some((matches) => matches(key)));
    };
    const onEvent = (type: LiveEventType) => (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      failures = 0;
      stale.add(type);
      flush ??= setTimeout(revalidate, COALESCE_MS);
    };
    const connect = async () => {
      try {
        const { ticket } = await apiRequest<{ ticket: string }>('/sense/stream/ticket', { method: 'POST' });
        if (stopped) return;
        const query = new URLSearchParams({ token: ticket });
        if (lastEventId) query.set('lastEventId', lastEventId);
        source = new EventSource(`${API_BASE}/sense/stream?${query.toString()}`);
        for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onEvent(type));
        source.onopen = () => {
          // Whatever happened while the stream was down is asked again.
          if (failures > 0) {
            stale.add('reset');
            flush ??= setTimeout(revalidate, COALESCE_MS);
          }
          failures = 0;
        };
        // A ticket is single-use: the browser's own reconnect would be refused, so reconnect here.
        source.onerror = () => {
          source?.close();
          source = null;
          schedule();
        };
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      failures += 1;
      retry = setTimeout(() => void connect(), reconnectDelay(failures));
    };
    void connect();
    return () => {
      stopped = true;
      source?.close();
      if (retry) clearTimeout(retry);
      if (flush) clearTimeout(flush);
    };
  }, [enabled, mutate]);
}
