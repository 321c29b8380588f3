import { numberArray } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedTestFarm, TEST_FARM_NOW } from '../../testing/sense-farm';
import { closeTestApp, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestCommit, IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

describe.each(testDrivers())('ingest service on $kind', (driver) => {
  let context: TestContext;
  let database: Database;
  let service: IngestService;
  let probe: ProbeUnderTest;
  const commits: IngestCommit[] = [];
  /** Each test reads at its own minutes after the farm's last reading. */
  let minute = 0;
  const at = (minutes: number) => minutesAfter(TEST_FARM_NOW, minute + minutes);

  beforeAll(async () => {
    context = await openTestApp(driver);
    database = context.database;
    await seedTestFarm(database);
    service = createIngestService(database, { now: () => new Date(TEST_FARM_NOW.getTime() + 30 * 86_400_000), onCommit: (commit) => commits.push(commit) });
    probe = await findProbe(database);
  });
  afterAll(() => closeTestApp(context));
  beforeEach(() => {
    minute += 1000;
    commits.length = 0;
  });

  const reading = (minutes: number, medicion: number) => ({
    deveui: probe.deveui.toUpperCase(),
    tipoid: probe.tipoid,
    metricaabrev: probe.metricaabrev,
    fecha: at(minutes).toISOString(),
    medicion,
  });

  async function alertsOf(medicionids: readonly number[]) {
    return database.query<{ alertaid: number; medicionid: number; statusid: number; episodioid: number | null }>(sql`
      select alertaid, medicionid, statusid, episodioid from sense.alerta
       where umbralid = ${probe.umbralid} and medicionid = any(${`{${medicionids.join(',')}}`}::bigint[])
       order by fecha`);
  }

  async function openEpisodes() {
    return database.query<{ episodioid: number; statusid: number }>(sql`
      select episodioid, statusid from sense.episodio where umbralid = ${probe.umbralid} and fechafin is null`);
  }

  it('stores a reading inside the band with its placement, keeps the latest value, and alerts nothing', async () => {
    const result = await service.ingest([reading(0, probe.inside)]);
    expect(result).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
    const [stored] = result.commit.readings;
    expect(stored).toMatchObject({ nodoid: probe.nodoid, tipoid: probe.tipoid, metricaid: probe.metricaid, ubicacionid: probe.ubicacionid });
    const [latest] = await database.query<{ medicionid: number; medicion: number }>(sql`
      select medicionid, medicion from sense.ultimamedicion
       where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid}`);
    expect(latest).toEqual({ medicionid: stored?.medicionid, medicion: probe.inside });
    expect(await alertsOf([stored!.medicionid])).toEqual([]);
  });

  it('counts a second copy as a duplicate: stored once, alerted once (also within one batch)', async () => {
    const first = await service.ingest([reading(0, probe.above), reading(0, probe.above)]);
    expect(first).toMatchObject({ accepted: 1, duplicates: 1, rejected: [] });
    const again = await service.ingest([reading(0, probe.above)]);
    expect(again).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    const [{ count } = { count: -1 }] = await database.query<{ count: number }>(sql`
      select count(*)::int as count from sense.medicion
       where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid} and fecha = ${at(0).toISOString()}::timestamptz`);
    expect(count).toBe(1);
    expect(await alertsOf(first.commit.readings.map((row) => row.medicionid))).toHaveLength(1);
    expect(again.commit.alerts).toEqual([]);
    // Close the episode for the next tests.
    await service.ingest([reading(1, probe.inside)]);
  });

  it('opens an episode on the first breaking reading, continues it, and closes its active alerts back inside', async () => {
    const opened = await service.ingest([reading(0, probe.above)]);
    expect(opened.commit.alerts).toEqual([expect.objectContaining({ umbralid: probe.umbralid, statusid: 1, opensEpisode: true })]);
    const [episode] = await openEpisodes();
    expect(episode).toMatchObject({ statusid: 1 });
    const continued = await service.ingest([reading(15, probe.below)]);
    expect(continued.commit.alerts).toEqual([
      expect.objectContaining({ statusid: 1, opensEpisode: false, episodioid: episode?.episodioid }),
    ]);
    const ids = [...opened.commit.readings, ...continued.commit.readings].map((row) => row.medicionid);
    expect((await alertsOf(ids)).map((alert) => alert.statusid)).toEqual([1, 1]);
    // Issue 32: the episode and its alerts carry their threshold's company (row-level security's key).
    const companies = await database.query<{ empresaid: number | null }>(sql`
      select empresaid from sense.episodio where episodioid = ${episode?.episodioid}
      union all select empresaid from sense.alerta where medicionid = any(${numberArray(ids)}::bigint[])`);
    const [threshold] = await database.query<{ empresaid: number }>(sql`
      select f.empresaid from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
        join sense.fundo f on f.fundoid = ub.fundoid where u.umbralid = ${probe.umbralid}`);
    expect(companies).toEqual([threshold, threshold, threshold]);

    const closed = await service.ingest([reading(30, probe.inside)]);
    expect(closed.commit.closedEpisodes).toEqual([episode?.episodioid]);
    expect((await alertsOf(ids)).map((alert) => alert.statusid)).toEqual([0, 0]);
    expect(await openEpisodes()).toEqual([]);
    const [ended] = await database.query<{ statusid: number; fechafin: Date | string }>(
      sql`select statusid, fechafin from sense.episodio where episodioid = ${episode?.episodioid}`,
    );
    expect(ended?.statusid).toBe(0);
    expect(new Date(ended!.fechafin).toISOString()).toBe(at(30).toISOString());
  });

  it('walks one batch in time order: open, continue, close and open again', async () => {
    const result = await service.ingest([
      reading(45, probe.above),
      reading(0, probe.above),
      reading(30, probe.inside),
      reading(15, probe.above),
    ]);
    expect(result.accepted).toBe(4);
    const byTime = await alertsOf(result.commit.readings.map((row) => row.medicionid));
    // 0 and 15 are an episode that 30 ended (closed); 45 opens a new one (active).
    expect(byTime.map((alert) => alert.statusid)).toEqual([0, 0, 1]);
    expect(byTime[0]?.episodioid).toBe(byTime[1]?.episodioid);
    expect(byTime[2]?.episodioid).not.toBe(byTime[0]?.episodioid);
    expect(await openEpisodes()).toEqual([{ episodioid: byTime[2]?.episodioid, statusid: 1 }]);
    await service.ingest([reading(60, probe.inside)]);
  });

  it('alerts later breaking readings of an acknowledged episode as already processed', async () => {
    const opened = await service.ingest([reading(0, probe.above)]);
    const [episode] = await openEpisodes();
    await database.query(sql`update sense.episodio set statusid = -1, reconocidopor = 1, fechareconocido = now() where episodioid = ${episode?.episodioid}`);
    await database.query(sql`update sense.alerta set statusid = -1 where episodioid = ${episode?.episodioid}`);
    const later = await service.ingest([reading(15, probe.above)]);
    expect(later.commit.alerts).toEqual([expect.objectContaining({ statusid: -1, episodioid: episode?.episodioid })]);
    await service.ingest([reading(30, probe.inside)]);
    const ids = [...opened.commit.readings, ...later.commit.readings].map((row) => row.medicionid);
    // Closing the episode leaves processed alerts processed.
    expect((await alertsOf(ids)).map((alert) => alert.statusid)).toEqual([-1, -1]);
    expect(await openEpisodes()).toEqual([]);
  });

  it('alerts a late breaking reading when no episode is open: a past episode, closed, told to nobody', async () => {
    await service.ingest([reading(60, probe.inside)]);
    const jobsBefore = await database.query<{ count: number }>(sql`select count(*)::int as count from sense.trabajo`);
    // Older than the latest value: two breaking readings in a row, an inside one, then one more.
    const late = await service.ingest([reading(0, probe.above), reading(15, probe.above), reading(30, probe.inside), reading(45, probe.below)]);
    expect(late.accepted).toBe(4);
    const alerts = await alertsOf(late.commit.readings.map((row) => row.medicionid));
    expect(alerts.map((alert) => alert.statusid)).toEqual([0, 0, 0]);
    // 0 and 15 are one past episode; the inside reading at 30 ends that run, so 45 is another.
    expect(alerts[0]?.episodioid).toBe(alerts[1]?.episodioid);
    expect(alerts[2]?.episodioid).not.toBe(alerts[0]?.episodioid);
    const episodes = await database.query<{ fechainicio: Date | string; fechafin: Date | string; statusid: number }>(sql`
      select fechainicio, fechafin, statusid from sense.episodio
       where episodioid = any(${`{${alerts.map((alert) => alert.episodioid).join(',')}}`}::bigint[]) order by fechainicio`);
    expect(episodes.map((episode) => [new Date(episode.fechainicio).toISOString(), new Date(episode.fechafin).toISOString(), episode.statusid])).toEqual([
      [at(0).toISOString(), at(15).toISOString(), 0],
      [at(45).toISOString(), at(45).toISOString(), 0],
    ]);
    expect(await openEpisodes()).toEqual([]);
    const jobsAfter = await database.query<{ count: number }>(sql`select count(*)::int as count from sense.trabajo`);
    expect(jobsAfter[0]?.count).toBe(jobsBefore[0]?.count);
  });

  it('rejects what it cannot place, with the index and a reason, and stores the rest of the batch', async () => {
    const result = await service.ingest([
      { ...reading(0, probe.inside), deveui: 'ffffffffffffff00' },
      { ...reading(0, probe.inside), metricaabrev: 'NOPE' },
      { ...reading(0, probe.inside), medicion: Number.NaN },
      { ...reading(0, probe.inside), medicion: '12' },
      { ...reading(0, probe.inside), fecha: 'yesterday' },
      { ...reading(0, probe.inside), fecha: '2999-01-01T00:00:00Z' },
      { ...reading(0, probe.inside), tipoid: 987_654 },
      { ...reading(0, probe.inside), deveui: 'not-hex' },
      reading(0, probe.inside),
    ]);
    expect(result.accepted).toBe(1);
    expect(result.rejected.map((rejection) => [rejection.index, rejection.code])).toEqual([
      [0, 'UNKNOWN_NODE'],
      [1, 'UNKNOWN_METRIC'],
      [2, 'INVALID_VALUE'],
      [3, 'INVALID_VALUE'],
      [4, 'INVALID_DATE'],
      [5, 'FUTURE_DATE'],
      [6, 'UNKNOWN_PROBE'],
      [7, 'UNKNOWN_NODE'],
    ]);
    for (const rejection of result.rejected) expect(rejection.message).toMatch(/\S/);
  });

  it('commits a reading and its alerts together: when writing an alert fails, nothing of the batch stays', async () => {
    await database.query(sql`
      create or replace function sense.test_refuse_alert() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await database.query(sql`create trigger test_refuse_alert before insert on sense.alerta for each row execute function sense.test_refuse_alert()`);
    try {
      await expect(service.ingest([reading(0, probe.inside), reading(15, probe.above)])).rejects.toThrow();
    } finally {
      await database.query(sql`drop trigger test_refuse_alert on sense.alerta`);
      await database.query(sql`drop function sense.test_refuse_alert()`);
    }
    const [{ count } = { count: -1 }] = await database.query<{ count: number }>(sql`
      select count(*)::int as count from sense.medicion
       where nodoid = ${probe.nodoid} and fecha >= ${at(0).toISOString()}::timestamptz`);
    expect(count).toBe(0);
    expect(await openEpisodes()).toEqual([]);
    expect(commits).toEqual([]);
    // The same batch, sent again, goes in whole.
    const retried = await service.ingest([reading(0, probe.inside), reading(15, probe.above)]);
    expect(retried).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(retried.commit.alerts).toHaveLength(1);
    await service.ingest([reading(30, probe.inside)]);
  });

  it("answers the sender for its own readings only when the uplink's radio view comes with them", async () => {
    const reception = { deveui: probe.deveui, fecha: at(0).toISOString(), fcnt: 7, rssi: -84, snr: 6.5, gatewayId: 'a84041ffff1f2a3b' };
    const first = await service.ingest([reading(0, probe.inside), reading(0, probe.inside)], { receptions: [reception] });
    // The reading once, and the radio view as the node's RSSI and SNR readings: three rows, one the sender's.
    expect(first).toMatchObject({ accepted: 1, duplicates: 1, rejected: [], receptions: { accepted: 1, duplicates: 0 } });
    expect(first.commit.readings).toHaveLength(3);
    const again = await service.ingest([reading(0, probe.inside), reading(0, probe.inside)], { receptions: [reception] });
    expect(again).toMatchObject({ accepted: 0, duplicates: 2, rejected: [], receptions: { accepted: 0, duplicates: 1 } });
    expect(again.commit.readings).toEqual([]);
  });
});
