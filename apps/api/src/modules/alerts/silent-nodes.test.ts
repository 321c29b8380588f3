import { createDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import type { Notifier, RunSummary } from '@camposense/server-notify';
import { startNotifyHarness } from '@camposense/server-notify/testing';
import type { NotifyHarness } from '@camposense/server-notify/testing';
import { createTestRecipients } from '@camposense/server-notify/testing';
import type { TestRecipients } from '@camposense/server-notify/testing';

describe.each(testDrivers())('silent nodes on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let recipients: TestRecipients;
  let clock: Date;
  let ingest: IngestService;
  let notifier: Notifier;
  let lastReading: Date;
  const advance = (minutes: number) => {
    clock = minutesAfter(clock, minutes);
  };
  /** An uplink of the node under test, read at the clock's time. */
  const uplink = async () => {
    lastReading = clock;
    return ingest.ingest([
      readingOf(probe, clock, probe.inside),
    ]);
  };
  const episodes = () =>
    context.query<{ episodioid: number; statusid: number; fechainicio: Date; fechafin: Date | null; criticidadid: number }>(sql`
      select episodioid, statusid, fechainicio, fechafin, criticidadid from sense.episodio
       where tipo = 'sindatos' and nodoid = ${probe.nodoid} order by episodioid`);

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database);
    // Only the node under test can fall silent within the test; its window is 30 minutes.
    await context.query(sql`update sense.nodo set ventanainactividad = 1000000`);
    await context.query(sql`update sense.nodo set ventanainactividad = 30 where nodoid = ${probe.nodoid}`);
    // A no-data episode tells the profiles of all the node's thresholds: here, the test's only.
    const thresholds = await context.query<{ umbralid: number }>(sql`
      select umbralid from sense.umbral where nodoid = ${probe.nodoid} and statusid = 1`);
    recipients = await createTestRecipients(
      context.database,
      thresholds.map((row) => row.umbralid),
      { frecuencia: 15, escalamiento: null, escalon: 0 },
      's1',
    );
    clock = minutesAfter(context.now, 5);
    harness = await startNotifyHarness(context.database, () => clock);
    const now = () => clock;
    ingest = createIngestService(context.database, { now });
    notifier = startInstance();
  });
  let harness: NotifyHarness;
  /** A notifier as an API instance starting at the clock's time makes it (it watches from then). */
  const startInstance = () => harness.notifier();
  afterAll(async () => {
    await harness?.close();
    await closeSenseContext(context);
  });

  it('opens a no-data episode when a node sends nothing for its window, tells its thresholds’ profiles, repeats, and closes on the next uplink', async () => {
    await uplink();
    // The uplinks stop. Within the window nothing happens.
    advance(29);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 0, sent: 0 });
    expect(await episodes()).toEqual([]);

    // The window runs out: the episode opens (from the end of the window) and is told at once.
    advance(1);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 1, sent: 3 });
    const [opened] = await episodes();
    expect(opened).toMatchObject({ statusid: 1, fechafin: null, criticidadid: recipients.criticidadid });
    expect(new Date(opened!.fechainicio).toISOString()).toBe(minutesAfter(lastReading, 30).toISOString());
    const spanish = harness.smtp.mails.find((mail) => mail.to.includes(recipients.users.operadora.correo))!;
    const english = harness.smtp.mails.find((mail) => mail.to.includes(recipients.users.operator.correo))!;
    expect(spanish.subject).toContain('Sin datos');
    expect(spanish.text).toContain('no envía lecturas desde');
    expect(english.subject).toContain('No data');
    expect(english.text).toContain('has sent no readings since');
    expect(harness.webhook.bodies).toEqual([expect.objectContaining({ to: recipients.phone, language: 'es' })]);
    const messages = await context.query<{ alertaid: number | null; statusid: number }>(sql`
      select alertaid, statusid from sense.mensaje where episodioid = ${opened!.episodioid}`);
    expect(messages).toEqual([
      { alertaid: null, statusid: 1 },
      { alertaid: null, statusid: 1 },
      { alertaid: null, statusid: 1 },
    ]);

    // Still silent: a second episode never opens; the first repeats at frecuencia (15 min).
    advance(14);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 0, sent: 0 });
    advance(1);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 0, sent: 3 });
    expect(await episodes()).toHaveLength(1);

    // The next uplink closes it, at the uplink's time; nothing more is sent.
    advance(3);
    const back = await uplink();
    expect(back.commit.closedEpisodes).toContain(opened!.episodioid);
    const [closed] = await episodes();
    expect(closed).toMatchObject({ statusid: 0 });
    expect(new Date(closed!.fechafin!).toISOString()).toBe(clock.toISOString());
    advance(20);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 0, sent: 0 });
    expect(harness.smtp.mails).toHaveLength(4);
    expect(await context.query(sql`select 1 from sense.trabajo`)).toEqual([]);
  });

  it('an acknowledged no-data episode stops repeating, and stays one episode until the node is back', async () => {
    harness.smtp.mails.length = 0;
    await uplink();
    advance(30);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 1, sent: 3 });
    const [, opened] = await episodes();
    const acknowledged = await context.send('POST', `/api/episodes/${opened!.episodioid}/acknowledge`, { nota: 'Batería cambiada' });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ episodioid: opened!.episodioid, tipo: 'sindatos', acknowledged: 0, notareconocido: 'Batería cambiada' });
    advance(60);
    expect(await notifier.runDue()).toMatchObject({ silentOpened: 0, sent: 0 });
    expect(harness.smtp.mails).toHaveLength(2);
    await uplink();
    const ended = await context.send('POST', `/api/episodes/${opened!.episodioid}/acknowledge`, {});
    expect(ended.statusCode).toBe(409);
    expect((await context.send('POST', '/api/episodes/999999999/acknowledge', {})).statusCode).toBe(404);
  });

  it('a node silent since before the instance started (the demo farm’s silent nodes) has its episode at the first run, from when its window ran out', async () => {
    await uplink();
    // A day passes with no API running; then an instance starts.
    advance(24 * 60);
    const later = startInstance();
    expect(await later.runDue()).toMatchObject({ silentOpened: 1 });
    const opened = (await episodes()).at(-1)!;
    expect(opened).toMatchObject({ statusid: 1, fechafin: null });
    expect(new Date(opened.fechainicio).toISOString()).toBe(minutesAfter(lastReading, 30).toISOString());
    // Still one episode at the next runs; the next uplink closes it.
    advance(120);
    expect(await later.runDue()).toMatchObject({ silentOpened: 0 });
    expect(await episodes()).toHaveLength(3);
    await uplink();
    advance(20);
    expect(await later.runDue()).toMatchObject({ silentOpened: 0, sent: 0 });
    expect(await context.query(sql`select 1 from sense.episodio where tipo = 'sindatos' and fechafin is null`)).toEqual([]);
    expect(await context.query(sql`select 1 from sense.trabajo`)).toEqual([]);
  });

  it.runIf(driver.kind === 'postgres')('a reading being written while the detector looks is waited for: no episode is left open for a node that reported', async () => {
    await uplink();
    advance(30);
    // An ingest of the node is under way on another connection: its latest value written, not committed.
    const writer = await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! });
    try {
      const reported = minutesAfter(clock, -1);
      let detecting: Promise<RunSummary> | undefined;
      let waited: string | undefined;
      await writer.db.transaction(async (tx) => {
        await tx.execute(sql`update sense.ultimamedicion set fecha = ${reported.toISOString()}::timestamptz where nodoid = ${probe.nodoid}`);
        detecting = notifier.runDue();
        // The detector must wait for this transaction: until it commits, nothing is opened.
        waited = await Promise.race([detecting.then(() => 'finished'), blockedOnLock(writer).then(() => 'waiting')]);
      });
      expect(waited).toBe('waiting');
      expect(await detecting).toMatchObject({ silentOpened: 0 });
      expect(await context.query(sql`select 1 from sense.episodio where tipo = 'sindatos' and fechafin is null`)).toEqual([]);
    } finally {
      await writer.close();
    }
    await uplink();
  });
});

/** Resolves once another session waits on a lock (the detector behind the open ingest), within 10 s. */
async function blockedOnLock(database: Database): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const rows = await database.query<{ waiting: number }>(sql`
      select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nobody waited on a lock within 10 s');
}
