/**
 * Issue 27, item 5 (the gap left by the triggers): a change that ended an episode is not undone
 * by the next breaking reading. Ingest evaluates a reading only against thresholds whose node,
 * probe (sensor), probe metric (metricasensor) and placement (localizacion) are active, the rows
 * whose deactivation ends an episode (migration 0016). The reading itself is still stored (it is a
 * measurement, and the history stays whole), unless the node stands nowhere: then NO_PLACEMENT, as
 * before. The silent-node detector opens no no-data episode for an inactive node.
 */
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSilentEpisodes } from '@camposense/server-notify';
import type { Notifier } from '@camposense/server-notify';
import { openAlarmLoop } from '../../testing/alarm-loop';
import type { AlarmLoop } from '../../testing/alarm-loop';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

/** A probe of its own: suites sharing the PostgreSQL database use the first ones. */
const PROBE_OFFSET = 9;

describe.each(testDrivers())('ingest ignores thresholds of what was deactivated, on $kind', (driver) => {
  let loop: AlarmLoop;
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let worker: Notifier;
  let ingest: IngestService;

  beforeAll(async () => {
    // No node falls silent unless a test says so.
    loop = await openAlarmLoop(driver, { probeOffset: PROBE_OFFSET, recipientsTag: 'inactivo' });
    ({ context, probe, worker, ingest } = loop);
    // The farm's older alerts without an episode settle with a reading inside the band.
    await ingest.ingest([readingOf(probe, nextMinute(), probe.inside)]);
    expect(await thresholdState()).toMatchObject({ active: 0, open: 0 });
  });
  afterAll(() => loop?.close());

  const put = async (url: string, statusid: number) => {
    const response = await context.send('PUT', url, { statusid });
    expect(response.statusCode, response.body).toBe(200);
  };

  const nextMinute = () => loop.nextReadingAt();

  /**
   * The threshold's state: active alerts, open episodes, every episode it ever had, and the rounds
   * (messages) scheduled for them (an ended episode's rounds wait until due, then are dropped).
   */
  async function thresholdState() {
    const [state] = await context.query<{ active: number; open: number; episodes: number; rounds: number }>(sql`
      select (select count(*)::int from sense.alerta where umbralid = ${probe.umbralid} and statusid = 1) as active,
             (select count(*)::int from sense.episodio where umbralid = ${probe.umbralid} and fechafin is null) as open,
             (select count(*)::int from sense.episodio where umbralid = ${probe.umbralid}) as episodes,
             (select count(*)::int from sense.trabajo t join sense.episodio e on e.episodioid = (t.carga->>'episodioid')::bigint
               where e.umbralid = ${probe.umbralid}) as rounds`);
    return state!;
  }

  const told = () => loop.harness.smtp.mails.length + loop.harness.webhook.bodies.length;

  /**
   * With `url` deactivated, a breaking reading is stored (or refused as `refusedAs`) and nothing
   * else happens: no alert, no episode, nobody told. Reactivated, the same threshold alarms again,
   * so the first half was not silent for another reason.
   */
  async function breakingReadingWhileInactive(url: string, refusedAs?: string) {
    await put(url, 0);
    try {
      const before = await thresholdState();
      expect(before).toMatchObject({ active: 0, open: 0 });
      const mailsBefore = told();
      const fecha = nextMinute();
      const result = await ingest.ingest([readingOf(probe, fecha, probe.above)]);
      if (refusedAs) {
        expect(result).toMatchObject({ accepted: 0, rejected: [{ index: 0, code: refusedAs }] });
      } else {
        expect(result, JSON.stringify(result)).toMatchObject({ accepted: 1, rejected: [] });
        const stored = await context.query<{ medicion: number }>(sql`
          select medicion from sense.medicion
           where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid} and fecha = ${fecha.toISOString()}::timestamptz`);
        expect(stored).toEqual([{ medicion: probe.above }]);
      }
      expect(result.commit.alerts).toEqual([]);
      // No alert, no episode, no message scheduled.
      expect(await thresholdState()).toEqual(before);
      loop.advance(1);
      expect(await worker.runDue()).toMatchObject({ sent: 0, failed: 0 });
      expect(told()).toBe(mailsBefore);
    } finally {
      await put(url, 1);
    }
    // The control: active again, the next breaking reading opens an episode and tells people.
    const opened = await ingest.ingest([readingOf(probe, nextMinute(), probe.above)]);
    expect(opened.commit.alerts).toEqual([expect.objectContaining({ umbralid: probe.umbralid, statusid: 1, opensEpisode: true })]);
    expect((await worker.runDue()).sent).toBeGreaterThan(0);
    // Ended the ordinary way, for the next test.
    await ingest.ingest([readingOf(probe, nextMinute(), probe.inside)]);
    expect(await thresholdState()).toMatchObject({ active: 0, open: 0 });
  }

  it('a deactivated node: its breaking reading is stored, but alerts nobody and opens nothing', async () => {
    await breakingReadingWhileInactive(`/api/sense/nodo/${probe.nodoid}`);
  });

  it('a deactivated probe (sensor): the same', async () => {
    await breakingReadingWhileInactive(`/api/sense/sensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}`);
  });

  it('a deactivated probe metric (metricasensor): the same', async () => {
    await breakingReadingWhileInactive(
      `/api/sense/metricasensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}&metricaid=${probe.metricaid}`,
    );
  });

  it('a deactivated placement: a node that stands nowhere has its reading refused (NO_PLACEMENT), and nothing opens', async () => {
    const placements = await context.query<{ entidadid: number }>(sql`
      select entidadid from sense.localizacion where nodoid = ${probe.nodoid} and statusid = 1`);
    // The node stands in the threshold's location only, so deactivating it leaves the node nowhere.
    expect(placements).toHaveLength(1);
    await breakingReadingWhileInactive(
      `/api/sense/localizacion/composite?entidadid=${placements[0]!.entidadid}&ubicacionid=${probe.ubicacionid}&nodoid=${probe.nodoid}`,
      'NO_PLACEMENT',
    );
  });

  it('the silent-node detector opens no no-data episode for an inactive node', async () => {
    await context.query(sql`update sense.nodo set ventanainactividad = 1 where nodoid = ${probe.nodoid}`);
    const openNoData = async () =>
      context.query<{ episodioid: number }>(sql`
        select episodioid from sense.episodio where nodoid = ${probe.nodoid} and tipo = 'sindatos' and fechafin is null`);
    const later = minutesAfter(loop.now(), 60);
    try {
      await put(`/api/sense/nodo/${probe.nodoid}`, 0);
      try {
        expect(await openSilentEpisodes(context.database, later, new Date(0))).not.toContain(probe.nodoid);
        expect(await openNoData()).toEqual([]);
      } finally {
        await put(`/api/sense/nodo/${probe.nodoid}`, 1);
      }
      // The control: active, the same node, as silent as before, gets one.
      // It answers the nodes it opened one for: the live stream tells them to those granted them.
      expect(await openSilentEpisodes(context.database, later, new Date(0))).toContain(probe.nodoid);
      expect(await openNoData()).toHaveLength(1);
    } finally {
      await context.query(sql`update sense.nodo set ventanainactividad = 1000000 where nodoid = ${probe.nodoid}`);
      // Its next reading ends it (ingest), for whatever runs next.
      await ingest.ingest([readingOf(probe, nextMinute(), probe.inside)]);
    }
    expect(await openNoData()).toEqual([]);
  });
});

/*
 * PostgreSQL only (PGlite has one connection, so no write can wait on another): a change and a
 * batch at the same moment. The change's transaction holds the threshold (its trigger locked it
 * and closed the episode) when the batch arrives; the batch waits, and once the change commits it
 * must see the node inactive and the episode ended, not the state from before its wait.
 */
const postgres = testDrivers().find((driver) => driver.kind === 'postgres');
if (postgres) {
  describe('a batch that waited for a deactivation, on postgres', () => {
    let context: SenseContext;
    let probe: ProbeUnderTest;
    let ingest: IngestService;
    let minute = 0;

    beforeAll(async () => {
      context = await openSenseContext(postgres);
      probe = await findProbe(context.database, PROBE_OFFSET);
      await context.query(sql`update sense.nodo set ventanainactividad = 1000000`);
      ingest = createIngestService(context.database, { now: () => minutesAfter(context.now, 24 * 60) });
      // The farm's older alerts without an episode settle with a reading inside the band.
      await ingest.ingest([reading(probe.inside)]);
    });
    afterAll(() => closeSenseContext(context));

    const reading = (medicion: number) => {
      minute += 1;
      return readingOf(probe, minutesAfter(context.now, minute), medicion);
    };

    /** Runs `change` in a transaction of its own and, while it is uncommitted, starts a breaking batch that must wait for it. */
    async function batchWaitingFor(change: (client: pg.PoolClient) => Promise<void>) {
      if (context.database.kind !== 'postgres') throw new Error('postgres only');
      const client = await context.database.pool.connect();
      try {
        await client.query('begin');
        await change(client);
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        const holder = rows[0]!.pid;
        const batch = ingest.ingest([reading(probe.above)]);
        // The batch is waiting for the change's locks (an event, polled; no fixed sleep).
        await vi.waitFor(
          async () => {
            const [waiting] = await context.query<{ count: number }>(sql`
              select count(*)::int as count from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))`);
            expect(waiting?.count).toBeGreaterThan(0);
          },
          { timeout: 30_000, interval: 20 },
        );
        await client.query('commit');
        return await batch;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }

    for (const [name, statement] of [
      ['node', (p: ProbeUnderTest) => `update sense.nodo set statusid = 0 where nodoid = ${p.nodoid}`],
      ['sensor', (p: ProbeUnderTest) => `update sense.sensor set statusid = 0 where nodoid = ${p.nodoid} and tipoid = ${p.tipoid}`],
      [
        'metricasensor',
        (p: ProbeUnderTest) =>
          `update sense.metricasensor set statusid = 0 where nodoid = ${p.nodoid} and tipoid = ${p.tipoid} and metricaid = ${p.metricaid}`,
      ],
    ] as const) {
      it(`deactivating the ${name} while a breaking batch waits: the batch alerts nothing into the ended episode and opens none`, async () => {
        const opened = await ingest.ingest([reading(probe.above)]);
        const episodioid = opened.commit.alerts.find((alert) => alert.opensEpisode)?.episodioid;
        expect(episodioid, JSON.stringify(opened)).toBeDefined();
        const restore = statement(probe).replace('statusid = 0', 'statusid = 1');
        try {
          const result = await batchWaitingFor(async (client) => {
            await client.query(statement(probe));
          });
          expect(result).toMatchObject({ accepted: 1, rejected: [] });
          expect(result.commit.alerts).toEqual([]);
          const [after] = await context.query<{ statusid: number; motivocierre: string | null; active: number; open: number }>(sql`
            select e.statusid, e.motivocierre,
                   (select count(*)::int from sense.alerta a where a.umbralid = ${probe.umbralid} and a.statusid = 1) as active,
                   (select count(*)::int from sense.episodio o where o.umbralid = ${probe.umbralid} and o.fechafin is null) as open
              from sense.episodio e where e.episodioid = ${episodioid!}`);
          expect(after).toEqual({ statusid: 0, motivocierre: 'cambio', active: 0, open: 0 });
        } finally {
          await context.query(sql.raw(restore));
        }
      });
    }
  });
}
