import { LIVE_EVENT_TYPES } from '@camposense/domain';
import type { LiveEventType } from '@camposense/domain';
import { reconnectDelay } from '../client/connection';
import type { LiveStreamState } from '../client/connection';

/** The events of GET /api/sense/stream: the contract's (libs/domain, contracts/live.ts). */
export { LIVE_EVENT_TYPES };
export type { LiveEventType };

/** The server's heartbeat until its first `heartbeat` event says otherwise (apps/api/src/live/routes.ts). */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** A stream silent for this many heartbeats is dead (a half-open connection raises no error). */
export const WATCHDOG_HEARTBEATS = 2.5;
/** Failed reconnections in a row before the client gives up (about 5 min at the 30 s backoff); the banner's retry starts again. */
export const MAX_RECONNECT_ATTEMPTS = 12;
/** How long events are gathered before the stale calls are asked again (a burst is one refetch). */
export const COALESCE_MS = 150;
/**
 * The least time between two refetches for one kind of event: a farm in an alarm storm sends
 * several events a second (each reminder is one), and refetching a report at that rate moved it
 * under the reader's eyes and kept the browser and the server busy. Each kind still shows within a
 * second, and a rare kind (a new alert) is not held behind a frequent one (messages).
 */
export const MIN_REFETCH_INTERVAL_MS = 1000;

/** What the client needs of an EventSource (a fake one in unit tests). */
export interface LiveSource {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveClientOptions {
  /** POST /api/sense/stream/ticket; aborted when the watchdog gives up on the attempt. */
  requestTicket: (signal: AbortSignal) => Promise<string>;
  /** Opens the stream at `url` (new EventSource(url) in the browser). */
  openSource: (url: string) => LiveSource;
  /** The stream's URL for a ticket, resuming after `lastEventId` when there is one. */
  streamUrl: (ticket: string, lastEventId: string) => string;
  /** The kinds of event seen, gathered over COALESCE_MS (what they make stale is asked again). */
  onEvents: (types: LiveEventType[]) => void;
  /** Every change of state, with when the stream was last heard. */
  onState: (state: LiveStreamState, lastEventAt: Date | null) => void;
  /** Whether the browser says it is online. @default navigator.onLine, else true */
  isOnline?: () => boolean;
  now?: () => Date;
}

export interface LiveClient {
  /** Reconnect now instead of at the next backoff (the banner's retry, the tab back online); nothing while live. */
  reconnectNow(): void;
  /** The tab went offline: close the stream, state `off`, until reconnectNow. */
  goOffline(): void;
  /** Signed out or unmounted: close everything, state `off`. */
  stop(): void;
}

/**
 * The console's live stream: a single-use ticket, the EventSource, and a watchdog. Any event or
 * heartbeat proves the stream alive (state `live`, time noted); none within WATCHDOG_HEARTBEATS
 * heartbeats, or an error, closes it (state `reconnecting`) and reconnects with backoff from the
 * last event id, so the server replays what was missed (or says `reset`), and everything shown is
 * asked again once it is back. After MAX_RECONNECT_ATTEMPTS failures in a row, state `off`.
 */
export function startLiveClient(options: LiveClientOptions): LiveClient {
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const now = options.now ?? (() => new Date());
  let state: LiveStreamState = 'connecting';
  let lastEventAt: Date | null = null;
  let lastEventId = '';
  let heartbeatMs = DEFAULT_HEARTBEAT_MS;
  let failures = 0;
  // The screens always read before the stream opens (at a sign-in ~1 s before; seconds before when
  // it is held while the dashboard draws): what changed in between no event will tell, so the first
  // open asks every live view again once, as every reopen does.
  let caughtUp = false;
  let stopped = false;
  let source: LiveSource | null = null;
  let ticketRequest: AbortController | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let flush: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on each attempt: callbacks of an abandoned attempt do nothing. */
  let attempt = 0;
  /** The kinds of event seen and not yet refetched, each with when its refetch is due. */
  const stale = new Map<LiveEventType, number>();

  const setState = (next: LiveStreamState) => {
    if (next === state && next !== 'live') return;
    state = next;
    options.onState(state, lastEventAt);
  };
  const clearTimer = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer) clearTimeout(timer);
  };
  /** When each kind's last refetch was asked: kinds are held apart, so a storm of reminders does not delay an alert. */
  const lastRefetchAt = new Map<LiveEventType, number>();
  const scheduleFlush = () => {
    clearTimer(flush);
    flush = null;
    if (stale.size === 0) return;
    flush = setTimeout(flushDue, Math.max(0, Math.min(...stale.values()) - Date.now()));
  };
  const flushDue = () => {
    flush = null;
    const now = Date.now();
    // Kinds due within a coalescing window of each other go in one refetch.
    const due = [...stale].filter(([, at]) => at <= now + COALESCE_MS / 2).map(([type]) => type);
    for (const type of due) {
      stale.delete(type);
      lastRefetchAt.set(type, now);
    }
    if (due.length > 0) options.onEvents(due);
    scheduleFlush();
  };
  const markStale = (type: LiveEventType) => {
    if (stale.has(type)) return;
    const now = Date.now();
    stale.set(type, now + Math.max(COALESCE_MS, (lastRefetchAt.get(type) ?? Number.NEGATIVE_INFINITY) + MIN_REFETCH_INTERVAL_MS - now));
    scheduleFlush();
  };
  /** Drops the current attempt: its stream, its ticket request and its watchdog. */
  const abandon = () => {
    attempt += 1;
    source?.close();
    source = null;
    ticketRequest?.abort();
    ticketRequest = null;
    clearTimer(watchdog);
    watchdog = null;
  };
  const armWatchdog = (current: number) => {
    clearTimer(watchdog);
    watchdog = setTimeout(() => {
      if (current === attempt) fail();
    }, heartbeatMs * WATCHDOG_HEARTBEATS);
  };
  const heard = (current: number) => {
    if (current !== attempt) return;
    lastEventAt = now();
    if (failures > 0 || !caughtUp) markStale('reset');
    caughtUp = true;
    failures = 0;
    armWatchdog(current);
    setState('live');
  };
  const fail = () => {
    abandon();
    if (stopped) return;
    failures += 1;
    if (failures > MAX_RECONNECT_ATTEMPTS) {
      setState('off');
      return;
    }
    setState('reconnecting');
    clearTimer(retry);
    retry = setTimeout(connect, reconnectDelay(failures));
  };
  const connect = () => {
    retry = null;
    if (stopped) return;
    if (!isOnline()) {
      abandon();
      setState('off');
      return;
    }
    abandon();
    const current = attempt;
    // The watchdog covers the ticket and the opening too: a request that hangs is a dead attempt.
    armWatchdog(current);
    const controller = new AbortController();
    ticketRequest = controller;
    options.requestTicket(controller.signal).then(
      (ticket) => {
        if (current !== attempt || stopped) return;
        ticketRequest = null;
        const opened = options.openSource(options.streamUrl(ticket, lastEventId));
        source = opened;
        for (const type of LIVE_EVENT_TYPES) {
          opened.addEventListener(type, (event) => {
            if (current !== attempt) return;
            if (event.lastEventId) lastEventId = event.lastEventId;
            heard(current);
            markStale(type);
          });
        }
        opened.addEventListener('heartbeat', (event) => {
          if (current !== attempt) return;
          const interval = readInterval(event.data);
          if (interval) heartbeatMs = interval;
          heard(current);
        });
        // A ticket is single-use: the browser's own reconnect would be refused, so reconnect here.
        opened.onerror = () => {
          if (current === attempt) fail();
        };
      },
      () => {
        if (current === attempt) fail();
      },
    );
  };

  options.onState(state, lastEventAt);
  connect();

  return {
    reconnectNow() {
      if (stopped || state === 'live') return;
      clearTimer(retry);
      retry = null;
      if (failures > MAX_RECONNECT_ATTEMPTS) failures = 1;
      connect();
    },
    goOffline() {
      if (stopped) return;
      abandon();
      clearTimer(retry);
      retry = null;
      failures = Math.max(failures, 1);
      setState('off');
    },
    stop() {
      stopped = true;
      abandon();
      clearTimer(retry);
      clearTimer(flush);
      setState('off');
    },
  };
}

function readInterval(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { intervalMs?: unknown };
    return typeof parsed.intervalMs === 'number' && parsed.intervalMs > 0 ? parsed.intervalMs : null;
  } catch {
    return null;
  }
}
