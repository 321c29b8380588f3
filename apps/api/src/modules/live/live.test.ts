import { createDatabase, DEMO_PASSWORD } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs, TEST_JWT_SECRET } from '../../testing/test-app';
import { openStream } from '../../testing/sse-reader';

describe.each(testDrivers())('GET /api/sense/stream on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let base: string;
  let key: string;
  let minute = 0;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database);
    base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await context.send('POST', '/api/ingest/keys', { nombre: 'Stream test' });
    key = created.json<{ clave: string }>().clave;
  });
  afterAll(() => closeSenseContext(context));

  const ticket = async () => {
    const response = await context.send('POST', '/api/sense/stream/ticket');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<{ ticket: string; expiresIn: number }>().ticket;
  };
  const ingest = async (medicion: number) => {
    minute += 1;
    const response = await fetch(`${base}/api/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        readings: [readingOf(probe, minutesAfter(context.now, minute), medicion)],
      }),
    });
    expect(response.status).toBe(200);
    return minutesAfter(context.now, minute).toISOString();
  };

  // How fast it arrives is bench:ingest's publish-to-stream latency (a timed assertion here failed on a
  // loaded CI machine); the test asserts what is pushed and in which order.
  it('pushes new readings, alerts and acknowledgements, in order', async () => {
    const stream = await openStream(base, await ticket());
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    try {
      const fecha = await ingest(probe.above);
      await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toEqual(['readings', 'alerts']), { timeout: 10_000, interval: 10 });
      expect(stream.events[0]!.data).toMatchObject({
        nodes: [probe.nodoid],
        readings: [{ nodoid: probe.nodoid, tipoid: probe.tipoid, metricaid: probe.metricaid, fecha, medicion: probe.above }],
      });
      const alerts = stream.events[1]!.data['alerts'] as Array<{ alertaid: number; episodioid: number; statusid: number }>;
      expect(alerts).toEqual([expect.objectContaining({ umbralid: probe.umbralid, statusid: 1 })]);

      const acknowledged = await context.send('POST', `/api/alerts/${alerts[0]!.alertaid}/acknowledge`, {});
      expect(acknowledged.statusCode).toBe(200);
      await vi.waitFor(() => expect(stream.events.at(-1)).toMatchObject({ event: 'acknowledged', data: { alertaid: alerts[0]!.alertaid, acknowledged: 1 } }), {
        timeout: 10_000,
        interval: 10,
      });
      await ingest(probe.inside);
      // Back inside: the episode's end is pushed too.
      await vi.waitFor(() => expect(stream.events.at(-1)).toMatchObject({ event: 'alerts', data: { closedEpisodes: [alerts[0]!.episodioid] } }), {
        timeout: 10_000,
        interval: 10,
      });
    } finally {
      stream.close();
    }
  });

  it('tells of status events that store no reading (a node without a placement) as radio, of those that do as readings (issue 33)', async () => {
    const [unplaced] = await context.query<{ nodoid: number }>(sql`
      insert into sense.nodo (nodo, deveui) values ('NODO-LIVE-RADIO', 'B0B0B0B0B0B00033') returning nodoid`);
    const status = async (devEui: string) => {
      minute += 1;
      const response = await fetch(`${base}/api/ingest/status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: [{ time: minutesAfter(context.now, minute).toISOString(), deviceInfo: { devEui }, batteryLevel: 70 }] }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { accepted: number }).accepted).toBe(1);
    };
    const stream = await openStream(base, await ticket());
    try {
      await status('b0b0b0b0b0b00033');
      await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toEqual(['radio']), { timeout: 10_000, interval: 10 });
      expect(stream.events[0]!.data).toMatchObject({ nodes: [unplaced!.nodoid] });
      // A placed node's battery is a reading of its radio probe: told as a reading, not twice.
      await status(probe.deveui);
      await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toContain('readings'), { timeout: 10_000, interval: 10 });
      expect(stream.events.find((event) => event.event === 'readings')!.data).toMatchObject({ nodes: [probe.nodoid] });
      expect(stream.events.filter((event) => event.event === 'radio')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('follows live for a read-only user too: a reader gets a ticket and the stream pushes alerts to it', async () => {
    const reader = await loginAs(context.app, 'operador@camposense.dev', DEMO_PASSWORD);
    expect(reader.user.user_metadata.rol).toBe('user');
    const issued = await context.app.inject({
      method: 'POST',
      url: '/api/sense/stream/ticket',
      headers: { authorization: `Bearer ${reader.session.access_token}` },
    });
    expect(issued.statusCode).toBe(200);
    const stream = await openStream(base, issued.json<{ ticket: string }>().ticket);
    expect(stream.status).toBe(200);
    try {
      await ingest(probe.above);
      await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toEqual(['readings', 'alerts']), { timeout: 5000, interval: 10 });
      await ingest(probe.inside);
      await vi.waitFor(() => expect(stream.events.at(-1)).toMatchObject({ event: 'alerts', data: { closedEpisodes: [expect.any(Number)] } }), {
        timeout: 5000,
        interval: 10,
      });
    } finally {
      stream.close();
    }
    // Still no write for a reader: the ticket is the only POST the write guard lets through.
    const write = await context.app.inject({
      method: 'POST',
      url: '/api/sense/pais',
      headers: { authorization: `Bearer ${reader.session.access_token}` },
      payload: { pais: 'Bolivia', paisabrev: 'BO' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('sends a heartbeat event on opening and every interval, without an id, so the console can tell a quiet stream from a dead one', async () => {
    const quick = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, liveHeartbeatMs: 100 });
    try {
      const quickBase = await quick.listen({ port: 0, host: '127.0.0.1' });
      const issued = await quick.inject({ method: 'POST', url: '/api/sense/stream/ticket', headers: { authorization: context.bearer } });
      const stream = await openStream(quickBase, issued.json<{ ticket: string }>().ticket);
      try {
        await vi.waitFor(() => expect(stream.heartbeats.length).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 10 });
        // No id: a heartbeat must not move the Last-Event-ID that a reconnect resumes from.
        expect(stream.heartbeats[0]).toEqual({ id: '', event: 'heartbeat', data: { intervalMs: 100 } });
        expect(stream.events).toEqual([]);
      } finally {
        stream.close();
      }
    } finally {
      await quick.close();
    }
  });

  it('opens only with a fresh single-use ticket: none, a spent one, an access token and a forged one are refused', async () => {
    const first = await ticket();
    const opened = await openStream(base, first);
    opened.close();
    expect(opened.status).toBe(200);
    expect((await openStream(base, first)).status).toBe(401);
    expect((await openStream(base, '')).status).toBe(401);
    expect((await openStream(base, context.bearer.slice('Bearer '.length))).status).toBe(401);
    expect((await openStream(base, `${first.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await fetch(`${base}/api/sense/stream/ticket`, { method: 'POST' })).status).toBe(401);
  });

  it('a reconnecting stream gets what it missed after Last-Event-ID, or reset when that cannot be told', async () => {
    const stream = await openStream(base, await ticket());
    await ingest(probe.inside);
    await vi.waitFor(() => expect(stream.events).toHaveLength(1), { timeout: 10_000, interval: 10 });
    stream.close();
    const lastSeen = stream.events[0]!.id;
    await ingest(probe.inside + 0.5);
    await ingest(probe.inside + 0.25);

    const again = await openStream(base, await ticket(), lastSeen);
    try {
      await vi.waitFor(() => expect(again.events).toHaveLength(2), { timeout: 10_000, interval: 10 });
      expect(again.events.map((event) => (event.data['readings'] as Array<{ medicion: number }>)[0]!.medicion)).toEqual([probe.inside + 0.5, probe.inside + 0.25]);
    } finally {
      again.close();
    }
    const lost = await openStream(base, await ticket(), 'ffffffff-12');
    try {
      await vi.waitFor(() => expect(lost.events.map((event) => event.event)).toEqual(['reset']), { timeout: 10_000, interval: 10 });
    } finally {
      lost.close();
    }
  });

  // PGlite is one process by design (one connection per data folder): nothing to carry between instances.
  it.runIf(driver.kind === 'postgres')('carries events between instances sharing PostgreSQL (LISTEN/NOTIFY)', async () => {
    const otherDatabase = await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! });
    const other = await buildApp({ database: otherDatabase, jwtSecret: TEST_JWT_SECRET });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      // A ticket from one instance opens the stream of the other (same signing key).
      const stream = await openStream(otherBase, await ticket());
      try {
        await ingest(probe.inside);
        await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toEqual(['readings']), { timeout: 10_000, interval: 10 });
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
