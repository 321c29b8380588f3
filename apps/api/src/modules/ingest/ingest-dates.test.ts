import { readFileSync } from 'node:fs';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestFarm, TEST_FARM_NOW } from '../../testing/sense-farm';
import { closeTestApp, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

/** Issue 27, item 1: a reading's date is bounded, and no reading stored ahead of the clock makes a current breach late. */
describe.each(testDrivers())('reading dates on $kind', (driver) => {
  let context: TestContext;
  let database: Database;
  let service: IngestService;
  /** The service's clock: a week after the farm's last reading. */
  const now = minutesAfter(TEST_FARM_NOW, 7 * 24 * 60);
  const seconds = (offset: number) => new Date(now.getTime() + offset * 1000);

  beforeAll(async () => {
    context = await openTestApp(driver);
    database = context.database;
    await seedTestFarm(database);
    service = createIngestService(database, { now: () => now });
  });
  afterAll(() => closeTestApp(context));

  /** A reading as a version that took dates up to a day ahead stored it: the reading and the latest value. */
  async function storeAsOlderVersion(probe: ProbeUnderTest, fecha: Date, medicion: number): Promise<number> {
    const [row] = await database.query<{ medicionid: number }>(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      values (${fecha.toISOString()}::timestamptz, ${medicion}, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid})
      returning medicionid`);
    await database.query(sql`
      insert into sense.ultimamedicion (nodoid, tipoid, metricaid, medicionid, fecha, medicion, ubicacionid)
      values (${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${row!.medicionid}, ${fecha.toISOString()}::timestamptz, ${medicion}, ${probe.ubicacionid})
      on conflict (nodoid, tipoid, metricaid) do update
        set medicionid = excluded.medicionid, fecha = excluded.fecha, medicion = excluded.medicion`);
    return row!.medicionid;
  }

  it('refuses per reading a date more than 300 s ahead (FUTURE_DATE), older than 400 days or before 2000 (TOO_OLD), and stores the rest', async () => {
    const probe = await findProbe(database, 0);
    const result = await service.ingest([
      readingOf(probe, seconds(301), probe.inside),
      readingOf(probe, seconds(24 * 3600), probe.above),
      readingOf(probe, seconds(-401 * 86_400), probe.inside),
      readingOf(probe, new Date('1999-12-31T23:59:59Z'), probe.inside),
      readingOf(probe, new Date('1970-01-01T00:00:00Z'), probe.inside),
      readingOf(probe, seconds(300), probe.inside),
      readingOf(probe, seconds(-399 * 86_400), probe.inside),
    ]);
    expect(result.rejected.map((rejection) => [rejection.index, rejection.code])).toEqual([
      [0, 'FUTURE_DATE'],
      [1, 'FUTURE_DATE'],
      [2, 'TOO_OLD'],
      [3, 'TOO_OLD'],
      [4, 'TOO_OLD'],
    ]);
    for (const rejection of result.rejected) expect(rejection.message).toMatch(/\S{5}/);
    expect(result.accepted).toBe(2);
    const [{ count } = { count: -1 }] = await database.query<{ count: number }>(sql`
      select count(*)::int as count from sense.medicion
       where nodoid = ${probe.nodoid} and (fecha > ${seconds(300).toISOString()}::timestamptz or fecha < ${seconds(-399 * 86_400).toISOString()}::timestamptz)`);
    expect(count).toBe(0);
  });

  it('takes the bounds it is given (INGEST_MAX_FUTURE_SECONDS, INGEST_MAX_AGE_DAYS)', async () => {
    const probe = await findProbe(database, 0);
    const strict = createIngestService(database, { now: () => now, maxFutureSeconds: 0, maxAgeDays: 1 });
    const result = await strict.ingest([
      readingOf(probe, seconds(1), probe.inside),
      readingOf(probe, seconds(-2 * 86_400), probe.inside),
      readingOf(probe, seconds(-3600), probe.inside),
    ]);
    expect(result.rejected.map((rejection) => rejection.code)).toEqual(['FUTURE_DATE', 'TOO_OLD']);
    expect(result.accepted).toBe(1);
  });

  it('a reading dated 24 h ahead already stored does not make a current breaking reading late: its alert is active, an episode opens', async () => {
    const probe = await findProbe(database, 1);
    await storeAsOlderVersion(probe, seconds(24 * 3600), probe.inside);
    const jobsBefore = await database.query<{ count: number }>(sql`select count(*)::int as count from sense.trabajo where tipo = 'ronda'`);

    const breach = await service.ingest([readingOf(probe, seconds(-60), probe.above)]);
    expect(breach.accepted).toBe(1);
    expect(breach.commit.alerts).toEqual([expect.objectContaining({ umbralid: probe.umbralid, statusid: 1, opensEpisode: true })]);
    const open = await database.query<{ episodioid: number; statusid: number }>(sql`
      select episodioid, statusid from sense.episodio where umbralid = ${probe.umbralid} and fechafin is null`);
    expect(open).toEqual([{ episodioid: breach.commit.alerts[0]?.episodioid, statusid: 1 }]);
    // Its first message is due: the episode is told.
    const jobsAfter = await database.query<{ count: number }>(sql`select count(*)::int as count from sense.trabajo where tipo = 'ronda'`);
    expect(jobsAfter[0]!.count).toBe(jobsBefore[0]!.count + 1);

    // The next reading back inside ends the episode (not late either), and an older breaking
    // reading than the newest one at or before the clock is still late: the rule holds.
    const back = await service.ingest([readingOf(probe, seconds(0), probe.inside)]);
    expect(back.commit.closedEpisodes).toEqual([open[0]?.episodioid]);
    const late = await service.ingest([readingOf(probe, seconds(-120), probe.above)]);
    expect(late.commit.alerts).toEqual([expect.objectContaining({ statusid: 0, opensEpisode: false })]);
    expect(await database.query(sql`select 1 from sense.episodio where umbralid = ${probe.umbralid} and fechafin is null`)).toEqual([]);
  });

  it('judges late arrivals by the newest reading at or before the clock even when the latest value is ahead of it', async () => {
    const probe = await findProbe(database, 2);
    // A past reading inside, then one stored a day ahead: the one in the past is the reference.
    await service.ingest([readingOf(probe, seconds(-600), probe.inside)]);
    await storeAsOlderVersion(probe, seconds(24 * 3600), probe.inside);
    const older = await service.ingest([readingOf(probe, seconds(-900), probe.above)]);
    expect(older.commit.alerts).toEqual([expect.objectContaining({ statusid: 0, opensEpisode: false })]);
    const current = await service.ingest([readingOf(probe, seconds(-300), probe.above)]);
    expect(current.commit.alerts).toEqual([expect.objectContaining({ statusid: 1, opensEpisode: true })]);
    await service.ingest([readingOf(probe, seconds(-200), probe.inside)]);
  });

  it("migration 0015's data step lists the readings stored ahead of the clock and moves their latest value back to the newest one at or before now", async () => {
    const probe = await findProbe(database, 3);
    // The migration judges by the database's clock, not the service's.
    const [{ real } = { real: '' }] = await database.query<{ real: string }>(sql`select now()::text as real`);
    const ahead = new Date(new Date(real).getTime() + 24 * 3600_000);
    const [{ before } = { before: 0 }] = await database.query<{ before: number }>(sql`
      select medicionid::int as before from sense.ultimamedicion
       where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid}`);
    const medicionid = await storeAsOlderVersion(probe, ahead, probe.above);

    const migration = readFileSync(new URL('../../../../../libs/db/migrations/0015_ingest_dates_ahead.sql', import.meta.url), 'utf8');
    const dataStep = migration.split('--> statement-breakpoint').filter((statement) => !/CREATE TABLE/i.test(statement));
    expect(dataStep.length).toBeGreaterThanOrEqual(3);
    for (const statement of dataStep) await database.query(sql.raw(statement));

    const listed = await database.query<{ medicionid: number; nodoid: number; fecha: Date | string }>(sql`
      select medicionid::int as medicionid, nodoid, fecha from sense.medicionadelantada where medicionid = ${medicionid}`);
    expect(listed).toEqual([{ medicionid, nodoid: probe.nodoid, fecha: expect.anything() }]);
    expect(new Date(listed[0]!.fecha).toISOString()).toBe(ahead.toISOString());
    const [latest] = await database.query<{ medicionid: number }>(sql`
      select medicionid::int as medicionid from sense.ultimamedicion
       where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid}`);
    expect(latest?.medicionid).toBe(before);
  });
});
