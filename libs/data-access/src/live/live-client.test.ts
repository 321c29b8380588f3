import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStreamState } from '../client/connection';
import { COALESCE_MS, DEFAULT_HEARTBEAT_MS, MAX_RECONNECT_ATTEMPTS, MIN_REFETCH_INTERVAL_MS, startLiveClient, WATCHDOG_HEARTBEATS } from './live-client';
import type { LiveClientOptions, LiveSource } from './live-client';

/** An EventSource the test drives: it says what the server would send. */
class FakeSource implements LiveSource {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = ''): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  heartbeat(intervalMs = 1000): void {
    this.emit('heartbeat', { intervalMs });
  }
}

function harness(overrides: Partial<LiveClientOptions> = {}) {
  const sources: FakeSource[] = [];
  const states: LiveStreamState[] = [];
  const events: string[][] = [];
  let online = true;
  let ticketNumber = 0;
  const requestTicket = vi.fn<LiveClientOptions['requestTicket']>(() => Promise.resolve(`ticket-${++ticketNumber}`));
  const client = startLiveClient({
    requestTicket,
    openSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    streamUrl: (ticket, lastEventId) => `/stream?token=${ticket}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`,
    onEvents: (types) => events.push(types),
    onState: (state) => {
      if (states.at(-1) !== state) states.push(state);
    },
    isOnline: () => online,
    now: () => new Date(Date.now()),
    ...overrides,
  });
  return {
    client,
    sources,
    states,
    events,
    requestTicket,
    latest: () => sources.at(-1)!,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

/** Lets the ticket's promise settle and the source open. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is live from the first heartbeat and stays live while heartbeats come, however long nothing happens', async () => {
    const live = harness();
    await settle();
    expect(live.states).toEqual(['connecting']);
    live.latest().heartbeat(1000);
    expect(live.states).toEqual(['connecting', 'live']);
    for (let beat = 0; beat < 20; beat += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      live.latest().heartbeat(1000);
    }
    expect(live.states).toEqual(['connecting', 'live']);
    expect(live.sources).toHaveLength(1);
    live.client.stop();
  });

  it('a storm of reminders (ten a second) refetches the messages once a second, and an alert in it is not held back', async () => {
    const live = harness();
    await settle();
    const stream = live.latest();
    stream.heartbeat(1000);
    const start = Date.now();
    const messageRefetches: number[] = [];
    let alertRefetchedAfter = -1;
    for (let tick = 0; tick < 30; tick += 1) {
      stream.emit('messages', {}, `storm-${tick}`);
      // In the middle of the storm, one alert.
      const alertAt = tick === 15 ? Date.now() : null;
      if (alertAt !== null) stream.emit('alerts', {}, 'alert-1');
      const before = live.events.length;
      await vi.advanceTimersByTimeAsync(100);
      for (const batch of live.events.slice(before)) {
        if (batch.includes('messages')) messageRefetches.push(Date.now() - start);
        if (batch.includes('alerts') && alertRefetchedAfter < 0) alertRefetchedAfter = Date.now() - (start + 1500);
      }
    }
    await vi.advanceTimersByTimeAsync(MIN_REFETCH_INTERVAL_MS);
    // Three seconds of reminders: three or four refetches of the messages, never two within a second.
    expect(messageRefetches.length).toBeGreaterThanOrEqual(3);
    expect(messageRefetches.length).toBeLessThanOrEqual(4);
    for (let index = 1; index < messageRefetches.length; index += 1) {
      expect(messageRefetches[index]! - messageRefetches[index - 1]!).toBeGreaterThanOrEqual(MIN_REFETCH_INTERVAL_MS);
    }
    expect(messageRefetches[0]!).toBeLessThanOrEqual(COALESCE_MS + 100);
    // The alert is asked again after the coalescing wait, not at the messages' next turn.
    expect(alertRefetchedAfter).toBeGreaterThanOrEqual(0);
    expect(alertRefetchedAfter).toBeLessThanOrEqual(COALESCE_MS + 100);
    // The last reminder is not left waiting: a refetch came after it.
    expect(live.events.at(-1)).toContain('messages');
    live.client.stop();
  });

  it('a silent stream (a half-open connection raises no error) is closed after 2.5 heartbeats and reconnected, catching up from the last event', async () => {
    const live = harness();
    await settle();
    const first = live.latest();
    first.heartbeat(1000);
    first.emit('readings', { nodes: [1] }, 'abc-7');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    // The first open's catch-up and the event come in one batch.
    expect(live.events).toEqual([['reset', 'readings']]);

    // Silence since the last event, just short of the watchdog: still live.
    await vi.advanceTimersByTimeAsync(1000 * WATCHDOG_HEARTBEATS - COALESCE_MS - 1);
    expect(live.states.at(-1)).toBe('live');
    expect(first.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closed).toBe(true);
    expect(live.states.at(-1)).toBe('reconnecting');

    // The first backoff (1 s), a new ticket, and the stream resumes after the last event seen.
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.requestTicket).toHaveBeenCalledTimes(2);
    expect(live.latest().url).toBe('/stream?token=ticket-2&lastEventId=abc-7');
    live.latest().heartbeat(1000);
    expect(live.states.at(-1)).toBe('live');
    // Everything shown is asked again: what happened while it was down may not have been replayed.
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(live.events.at(-1)).toEqual(['reset']);
    live.client.stop();
  });

  it('its first open asks every live view again once (the screens read before it opened), and later heartbeats are no news', async () => {
    const live = harness();
    await settle();
    live.latest().heartbeat(1000);
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(live.events).toEqual([['reset']]);
    live.latest().heartbeat(1000);
    await vi.advanceTimersByTimeAsync(MIN_REFETCH_INTERVAL_MS + COALESCE_MS);
    expect(live.events).toEqual([['reset']]);
    live.client.stop();
  });

  it('without a heartbeat interval from the server, the watchdog waits 2.5 default intervals', async () => {
    const live = harness();
    await settle();
    live.latest().emit('alerts', { alerts: [] }, 'x-1');
    await vi.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS * WATCHDOG_HEARTBEATS - 1);
    expect(live.states.at(-1)).toBe('live');
    await vi.advanceTimersByTimeAsync(1);
    expect(live.states.at(-1)).toBe('reconnecting');
    live.client.stop();
  });

  it('a ticket request that hangs is given up by the watchdog too, and retried with backoff', async () => {
    const signals: AbortSignal[] = [];
    const live = harness({
      requestTicket: (signal) => {
        signals.push(signal);
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS * WATCHDOG_HEARTBEATS);
    expect(signals[0]!.aborted).toBe(true);
    expect(live.states).toEqual(['connecting', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(signals).toHaveLength(2);
    live.client.stop();
  });

  it('an error reconnects with a growing backoff, and gives up (off) after MAX_RECONNECT_ATTEMPTS; a retry starts again', async () => {
    const live = harness({ requestTicket: () => Promise.reject(new Error('Failed to fetch')) });
    await settle();
    expect(live.states).toEqual(['connecting', 'reconnecting']);
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) await vi.advanceTimersByTimeAsync(30_000);
    expect(live.states.at(-1)).toBe('off');
    live.client.reconnectNow();
    await settle();
    expect(live.states.at(-1)).toBe('reconnecting');
    live.client.stop();
  });

  it('an EventSource error closes the stream at once (a single-use ticket cannot be reused by the browser)', async () => {
    const live = harness();
    await settle();
    live.latest().heartbeat(1000);
    live.latest().onerror?.(new Event('error'));
    expect(live.sources[0]!.closed).toBe(true);
    expect(live.states.at(-1)).toBe('reconnecting');
    live.client.stop();
  });

  it('is off while the tab is offline, and reconnects at once when it is back', async () => {
    const live = harness();
    await settle();
    live.latest().heartbeat(1000);
    live.setOnline(false);
    live.client.goOffline();
    expect(live.sources[0]!.closed).toBe(true);
    expect(live.states.at(-1)).toBe('off');
    // No attempt while offline, however long.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.requestTicket).toHaveBeenCalledTimes(1);
    live.setOnline(true);
    live.client.reconnectNow();
    await settle();
    live.latest().heartbeat(1000);
    expect(live.states.at(-1)).toBe('live');
    live.client.stop();
  });

  it('is off after stop (sign-out), closes its stream and tries nothing more', async () => {
    const live = harness();
    await settle();
    live.latest().heartbeat(1000);
    live.client.stop();
    expect(live.states.at(-1)).toBe('off');
    expect(live.latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(live.requestTicket).toHaveBeenCalledTimes(1);
  });
});
