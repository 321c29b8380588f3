/**
 * Live events (alarms.md, "Everyone sees it live"): new readings, alerts, acknowledgements,
 * messages and episodes, fanned out to the open streams of every API instance. On PostgreSQL they
 * travel by NOTIFY on one channel that every instance LISTENs to (its own events come back to it
 * the same way); on PGlite (one process) they fan out in process. Each instance numbers what it
 * receives and keeps the last ones, so a stream that reconnects with Last-Event-ID gets what it
 * missed, or is told to reload when that is no longer kept.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

import type { LiveEvent, LiveReading } from '@camposense/domain';

// The events' shapes are the contract's (libs/domain/src/contracts/live.ts), which the console reads too.
export type { LiveEvent, LiveReading };

export type NumberedEvent = LiveEvent & { id: number };

export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  /** `local`: published by this process (on PostgreSQL its own NOTIFY coming back), not by another instance. */
  subscribe(listener: (event: NumberedEvent, origin: { local: boolean }) => void): () => void;
  /** What this process calls its events: `<boot>-<n>`. */
  eventId(event: NumberedEvent): string;
  /**
   * Events after the one a stream last saw (its Last-Event-ID), or null when they cannot be told
   * (no longer kept, or numbered by another process: the stream must reload).
   */
  since(lastEventId: string): NumberedEvent[] | null;
  close(): Promise<void>;
}

export const CHANNEL = 'camposense_live';

/** A NOTIFY's payload: the event and the process that published it. */
interface NotifiedEvent {
  origin: string;
  event: LiveEvent;
}
/** NOTIFY payloads must stay under 8000 bytes: readings go in chunks of this many. */
const READINGS_PER_EVENT = 60;
/** Larger batches are told as "these nodes have new readings" without the values. */
const MAX_READINGS_WITH_VALUES = 600;
const KEPT_EVENTS = 2000;
/** Node ids per event when only the nodes are told (7 digits and a comma each: under 8000 bytes). */
const NODES_PER_EVENT = 500;

/** Thresholds per bulk-acknowledgement event (`{"umbralid":n,"acknowledged":n}`, under 45 bytes each). */
const THRESHOLDS_PER_EVENT = 100;
/**
 * An `alerts` event's lists per piece: 250 nodes (2 KB), 40 alerts (under 80 bytes each: 3.2 KB)
 * and 200 ended episodes (1.6 KB), under 8000 bytes together.
 */
const ALERT_PIECE = { nodes: 250, alerts: 40, closedEpisodes: 200 } as const;

type AcknowledgedEvent = Extract<LiveEvent, { type: 'acknowledged' }>;

/** A bulk acknowledgement told for some of its thresholds only, counting only theirs. */
export function acknowledgedShare(event: AcknowledgedEvent, umbrales: AcknowledgedEvent['umbrales']): AcknowledgedEvent {
  return { ...event, umbrales, acknowledged: umbrales.reduce((total, { acknowledged }) => total + acknowledged, 0) };
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * An event whose lists grow with the farm (a batch's nodes, alerts and ended episodes, the silent
 * nodes of a gateway outage, the thresholds of a bulk acknowledgement) cut into events that fit a
 * NOTIFY, each counting only what it names: one over 8000 bytes would be refused by PostgreSQL and
 * told to nobody. Nothing is left out: a stream scoped to some companies (grant-filter.ts) is told
 * of its alerts by what the event names, however far down the batch they came.
 */
function fittingEvents(event: LiveEvent): LiveEvent[] {
  if (event.type === 'alerts') {
    const nodes = chunked(event.nodes, ALERT_PIECE.nodes);
    const alerts = chunked(event.alerts, ALERT_PIECE.alerts);
    const closedEpisodes = chunked(event.closedEpisodes, ALERT_PIECE.closedEpisodes);
    const pieces = Math.max(1, nodes.length, alerts.length, closedEpisodes.length);
    return Array.from({ length: pieces }, (_, index) => ({
      type: 'alerts' as const,
      nodes: nodes[index] ?? [],
      alerts: alerts[index] ?? [],
      closedEpisodes: closedEpisodes[index] ?? [],
    }));
  }
  if (event.type === 'episodes' && event.nodes.length > NODES_PER_EVENT) {
    return chunked(event.nodes, NODES_PER_EVENT).map((nodes) => ({ ...event, nodes, opened: nodes.length }));
  }
  if (event.type === 'acknowledged' && event.umbrales.length > THRESHOLDS_PER_EVENT) {
    return chunked(event.umbrales, THRESHOLDS_PER_EVENT).map((umbrales) => acknowledgedShare(event, umbrales));
  }
  return [event];
}

/** Splits a committed batch's readings into events that fit a NOTIFY. */
export function readingEvents(readings: readonly LiveReading[]): LiveEvent[] {
  const nodes = [...new Set(readings.map((reading) => reading.nodoid))];
  if (readings.length > MAX_READINGS_WITH_VALUES) {
    return chunked(nodes, NODES_PER_EVENT).map((chunk) => ({ type: 'readings', nodes: chunk, readings: [], truncated: true }));
  }
  const events: LiveEvent[] = [];
  for (let start = 0; start < readings.length; start += READINGS_PER_EVENT) {
    const chunk = readings.slice(start, start + READINGS_PER_EVENT);
    events.push({ type: 'readings', nodes: [...new Set(chunk.map((reading) => reading.nodoid))], readings: chunk, truncated: false });
  }
  return events;
}

/**
 * The nodes of a committed batch whose uplinks or status events no reading event tells (issue 33):
 * `radio` events, in chunks that fit a NOTIFY.
 */
export function radioEvents(radioNodes: readonly number[], readings: readonly LiveReading[]): LiveEvent[] {
  const told = new Set(readings.map((reading) => reading.nodoid));
  const nodes = radioNodes.filter((nodoid) => !told.has(nodoid));
  return chunked(nodes, NODES_PER_EVENT).map((chunk) => ({ type: 'radio', nodes: chunk }));
}

export async function createEventBus(database: Database, logger: Pick<FastifyBaseLogger, 'warn' | 'error'>): Promise<EventBus> {
  const listeners = new Set<(event: NumberedEvent, origin: { local: boolean }) => void>();
  const kept: NumberedEvent[] = [];
  let sequence = 0;
  const boot = randomBytes(4).toString('hex');
  const deliver = (event: LiveEvent, origin: { local: boolean }) => {
    sequence += 1;
    const numbered = { ...event, id: sequence } as NumberedEvent;
    kept.push(numbered);
    if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
    for (const listener of listeners) {
      try {
        listener(numbered, origin);
      } catch (error) {
        logger.error({ err: error }, 'live listener failed');
      }
    }
  };

  let publish: (event: LiveEvent) => Promise<void>;
  let close: () => Promise<void> = async () => undefined;
  if (database.kind === 'postgres') {
    /** The LISTEN connection and its one release (an 'error' may come after close gave it back). */
    let listening: { connection: pg.PoolClient; release: (error?: Error) => void } | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | null = null;
    const onNotification = (message: pg.Notification) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, event } = JSON.parse(message.payload) as NotifiedEvent;
        deliver(event, { local: origin === boot });
      } catch (error) {
        logger.warn({ err: error }, 'live event not understood');
      }
    };
    const listen = async (): Promise<void> => {
      let releaseFailed: ((error: Error) => void) | null = null;
      try {
        const connection = await database.pool.connect();
        let released = false;
        // Released once, and without this bus's listeners: a second release throws out of the
        // socket's event (an uncaught exception, the process down), and an idle connection's later
        // errors are the pool's to handle.
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          connection.removeListener('notification', onNotification);
          connection.removeListener('error', onError);
          connection.release(error);
          if (listening?.connection === connection) listening = null;
        };
        const onError = (error: Error) => {
          logger.warn({ err: error }, 'live: LISTEN connection lost; listening again');
          release(error);
          if (!closed) retry = setTimeout(() => void listen(), 1000);
        };
        connection.on('notification', onNotification);
        connection.on('error', onError);
        releaseFailed = release;
        await connection.query(`LISTEN ${CHANNEL}`);
        listening = { connection, release };
        if (closed) release();
      } catch (error) {
        // A connection whose LISTEN failed is discarded, not kept out of the pool.
        releaseFailed?.(error instanceof Error ? error : new Error(String(error)));
        logger.warn({ err: error }, 'live: cannot LISTEN yet; trying again');
        if (!closed) retry = setTimeout(() => void listen(), 2000);
      }
    };
    await listen();
    publish = async (event) => {
      const notified: NotifiedEvent = { origin: boot, event };
      await database.query(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notified)})`);
    };
    close = async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = listening;
      if (current) {
        current.connection.removeListener('notification', onNotification);
        try {
          await current.connection.query(`UNLISTEN ${CHANNEL}`);
        } finally {
          current.release();
        }
      }
    };
  } else {
    publish = async (event) => {
      // As NOTIFY would: after the caller's turn, as a copy.
      const copy = JSON.parse(JSON.stringify(event)) as LiveEvent;
      queueMicrotask(() => deliver(copy, { local: true }));
    };
  }

  let sending: Promise<void> = Promise.resolve();
  return {
    publish(event) {
      // One after the other: on PostgreSQL two NOTIFYs on two pooled connections could arrive in
      // either order (a reading's alert before the reading).
      sending = sending.then(async () => {
        try {
          for (const piece of fittingEvents(event)) await publish(piece);
        } catch (error) {
          // Live views then catch up on their next reload; the data itself is committed.
          logger.warn({ err: error, type: event.type }, 'live event not published');
        }
      });
      return sending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    eventId: (event) => `${boot}-${event.id}`,
    since(lastEventId) {
      const match = /^([0-9a-z]+)-(\d+)$/.exec(lastEventId);
      if (!match || match[1] !== boot) return null;
      const id = Number(match[2]);
      if (id > sequence) return null;
      if (id === sequence) return [];
      const first = kept[0];
      if (!first || first.id > id + 1) return null;
      return kept.filter((event) => event.id > id);
    },
    close,
  };
}
