/**
 * Issue 27, item 5: an episode ended by a change (a threshold, node, probe, metric or placement
 * deactivated or deleted through the table API) reaches open consoles at once, as the `alerts`
 * event an ingest batch that ends an episode publishes; before, they saw it on their next reload.
 */
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { readServerSentEvents } from '../../testing/sse-reader';
import type { StreamEvent } from '../../testing/sse-reader';

/** A probe of its own: suites sharing the PostgreSQL database use the first ones. */
const PROBE_OFFSET = 10;

describe.each(testDrivers())('episodes ended by a change are told live, on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let ingest: IngestService;
  let base: string;
  let key: string;
  let minute = 0;
  let stream: { events: StreamEvent[]; close: () => void };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database, PROBE_OFFSET);
    // The app's own ingest publishes; this one (same database) only arranges episodes, told by nobody.
    ingest = createIngestService(context.database, { now: () => minutesAfter(context.now, 24 * 60) });
    // The farm's older alerts without an episode settle, unseen, so a marker reading ends nothing.
    minute += 1;
    await ingest.ingest([readingOf(probe, minutesAfter(context.now, minute), probe.inside)]);
    base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await context.send('POST', '/api/ingest/keys', { nombre: 'Live change test' })).json<{ clave: string }>().clave;
    const ticket = await context.send('POST', '/api/sense/stream/ticket');
    expect(ticket.statusCode).toBe(200);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/sense/stream?token=${encodeURIComponent(ticket.json<{ ticket: string }>().ticket)}`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events: StreamEvent[] = [];
    void readServerSentEvents(response.body!, (event) => events.push(event));
    stream = { events, close: () => controller.abort() };
  });
  afterAll(async () => {
    stream?.close();
    await closeSenseContext(context);
  });

  const put = async (url: string, statusid: number) => {
    const response = await context.send('PUT', url, { statusid });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A breaking reading (not through the app, so no event) opens an episode of the probe's threshold. */
  async function openEpisode(): Promise<number> {
    minute += 1;
    const result = await ingest.ingest([readingOf(probe, minutesAfter(context.now, minute), probe.above)]);
    const opened = result.commit.alerts.find((alert) => alert.opensEpisode);
    expect(opened, JSON.stringify(result)).toBeDefined();
    return opened!.episodioid;
  }

  /** The events the stream got after `from`, once `until` has arrived (an event awaited, not a pause). */
  async function eventsUntil(from: number, until: (event: StreamEvent) => boolean): Promise<StreamEvent[]> {
    await vi.waitFor(() => expect(stream.events.slice(from).some(until)).toBe(true), { timeout: 10_000, interval: 10 });
    const after = stream.events.slice(from);
    return after.slice(0, after.findIndex(until) + 1);
  }

  /**
   * A reading inside the band through the app's HTTP ingest: it publishes a `readings` event and
   * nothing else (no episode is open then), after whatever the write before it published (the bus
   * sends in order). Events before it are all the write told.
   */
  async function toldBy(write: () => Promise<void>): Promise<StreamEvent[]> {
    const from = stream.events.length;
    await write();
    minute += 1;
    const fecha = minutesAfter(context.now, minute);
    const response = await fetch(`${base}/api/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ readings: [readingOf(probe, fecha, probe.inside)] }),
    });
    expect(response.status).toBe(200);
    const events = await eventsUntil(
      from,
      (event) => event.event === 'readings' && (event.data['readings'] as Array<{ fecha: string }>).some((reading) => reading.fecha === fecha.toISOString()),
    );
    return events.slice(0, -1);
  }

  it('deactivating a threshold with an open episode pushes an alerts event naming the episode and its node', async () => {
    const episodioid = await openEpisode();
    const from = stream.events.length;
    await put(`/api/sense/umbral/${probe.umbralid}`, 0);
    try {
      const [event] = await eventsUntil(from, (candidate) => candidate.event === 'alerts');
      expect(event!.data).toEqual({ type: 'alerts', nodes: [probe.nodoid], alerts: [], closedEpisodes: [episodioid] });
    } finally {
      await put(`/api/sense/umbral/${probe.umbralid}`, 1);
    }
  });

  it('deactivating the node, or deleting its placement, pushes it too', async () => {
    const byNode = await openEpisode();
    let from = stream.events.length;
    await put(`/api/sense/nodo/${probe.nodoid}`, 0);
    try {
      const events = await eventsUntil(from, (candidate) => candidate.event === 'alerts');
      expect(events.at(-1)!.data).toMatchObject({ nodes: [probe.nodoid], closedEpisodes: [byNode] });
    } finally {
      await put(`/api/sense/nodo/${probe.nodoid}`, 1);
    }

    const [placement] = await context.query<Record<string, unknown>>(sql`
      select entidadid, ubicacionid, nodoid, latitud::float8 as latitud, longitud::float8 as longitud, referencia from sense.localizacion
       where nodoid = ${probe.nodoid} and ubicacionid = ${probe.ubicacionid} and statusid = 1`);
    const byPlacement = await openEpisode();
    from = stream.events.length;
    const url = `/api/sense/localizacion/composite?entidadid=${String(placement!['entidadid'])}&ubicacionid=${probe.ubicacionid}&nodoid=${probe.nodoid}`;
    const deleted = await context.send('DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(204);
    try {
      const events = await eventsUntil(from, (candidate) => candidate.event === 'alerts');
      expect(events.at(-1)!.data).toMatchObject({ nodes: [probe.nodoid], closedEpisodes: [byPlacement] });
    } finally {
      const created = await context.send('POST', '/api/sense/localizacion', placement);
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('a write that ends nothing, or is refused and rolled back, pushes no alerts event', async () => {
    // No episode open: deactivating the threshold ends nothing.
    const quiet = await toldBy(async () => {
      await put(`/api/sense/umbral/${probe.umbralid}`, 0);
      await put(`/api/sense/umbral/${probe.umbralid}`, 1);
    });
    expect(quiet.map((event) => event.event)).not.toContain('alerts');

    // An open episode, and a delete of its node the foreign keys refuse: nothing ended, nothing told.
    const episodioid = await openEpisode();
    const refused = await toldBy(async () => {
      const response = await context.send('DELETE', `/api/sense/nodo/${probe.nodoid}`);
      expect(response.statusCode, response.body).toBe(409);
    });
    // The marker reading itself, back inside the band, ended the episode: that is the next event.
    expect(refused.map((event) => event.event)).not.toContain('alerts');
    const [still] = await context.query<{ motivocierre: string | null }>(sql`
      select motivocierre from sense.episodio where episodioid = ${episodioid}`);
    expect(still).toEqual({ motivocierre: null });
  });
});
