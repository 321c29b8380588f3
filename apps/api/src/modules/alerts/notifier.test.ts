import { createDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import type { Notifier, NotifierOptions } from '@camposense/server-notify';
import { startNotifyHarness } from '@camposense/server-notify/testing';
import type { NotifyHarness } from '@camposense/server-notify/testing';
import { createTestRecipients } from '@camposense/server-notify/testing';
import type { TestRecipients } from '@camposense/server-notify/testing';

describe.each(testDrivers())('notifications on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let recipients: TestRecipients;
  /** The controllable clock the ingest service and the notifiers share. */
  let clock: Date;
  const now = () => clock;
  let ingest: IngestService;
  let readingMinute = 0;
  const advance = (minutes: number) => {
    clock = minutesAfter(clock, minutes);
  };

  let harness: NotifyHarness;
  const notifier = (overrides: Partial<NotifierOptions> = {}, database: Database = context.database): Notifier => harness.notifier(overrides, database);
  /** A reading of the probe one minute after the previous one. */
  const read = async (medicion: number) => {
    readingMinute += 1;
    return ingest.ingest([
      readingOf(probe, minutesAfter(context.now, readingMinute), medicion),
    ]);
  };
  const mailsTo = (user: keyof TestRecipients['users']) => harness.smtp.mails.filter((mail) => mail.to.includes(recipients.users[user].correo));
  const jobs = () => context.query<{ tipo: string; clave: string | null }>(sql`select tipo, clave from sense.trabajo order by trabajoid`);

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database);
    recipients = await createTestRecipients(context.database, [probe.umbralid], { frecuencia: 10, escalamiento: 25, escalon: 1 }, 'n1');
    // No node falls silent here (silent-nodes.test.ts does that).
    await context.query(sql`update sense.nodo set ventanainactividad = 1000000`);
    harness = await startNotifyHarness(context.database, now);
    ingest = createIngestService(context.database, { now });
  });
  afterAll(async () => {
    await harness?.close();
    await closeSenseContext(context);
  });
  beforeEach(async () => {
    clock = new Date('2026-11-01T13:00:00Z');
    harness.smtp.mails.length = 0;
    harness.webhook.bodies.length = 0;
    harness.webhook.status = 200;
    // Each test starts from an ended episode and no pending work.
    await read(probe.inside);
    await context.query(sql`delete from sense.trabajo`);
  });

  it('tells the first profile at once, repeats every frecuencia, escalates to the boss at escalamiento, in each one’s language, and stops when acknowledged', async () => {
    const worker = notifier();
    const opened = await read(probe.above);
    const alert = opened.commit.alerts.find((candidate) => candidate.opensEpisode)!;
    expect(alert).toBeDefined();

    // At once: the operadora by e-mail (es) and SMS, the operator by e-mail (en); nobody else.
    expect(await worker.runDue()).toMatchObject({ sent: 3, failed: 0 });
    expect(mailsTo('operadora')).toHaveLength(1);
    expect(mailsTo('operator')).toHaveLength(1);
    expect(mailsTo('jefe')).toHaveLength(0);
    expect(harness.webhook.bodies).toEqual([expect.objectContaining({ to: recipients.phone, language: 'es' })]);
    const [spanish] = mailsTo('operadora');
    const [english] = mailsTo('operator');
    expect(spanish).toMatchObject({ from: 'alarmas@example.test', language: 'es' });
    expect(spanish!.subject).toContain('[Prueba n1]');
    expect(spanish!.text).toContain(`midió ${probe.above.toLocaleString('es-ES', { maximumFractionDigits: 2 })}`);
    expect(spanish!.text).toContain('fuera del rango');
    expect(english).toMatchObject({ language: 'en' });
    expect(english!.text).toContain(`measured ${probe.above.toLocaleString('en-US', { maximumFractionDigits: 2 })}`);
    expect(english!.text).toContain('outside the range');
    expect(english!.text).not.toContain('Reminder');

    // The messages the report reads: one per contact, sent, about the alert, at the clock's time.
    const rows = await context.query<{ contactoid: number; alertaid: number; statusid: number; fecha: Date; mensaje: string }>(sql`
      select contactoid, alertaid, statusid, fecha, mensaje from sense.mensaje where episodioid = ${alert.episodioid} order by mensajeid`);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ alertaid: alert.alertaid, statusid: 1 });
      expect(new Date(row.fecha).toISOString()).toBe(clock.toISOString());
    }

    // Nothing before frecuencia (10 min); at 10 and 20 the first profile again, as reminders.
    advance(9);
    expect(await worker.runDue()).toMatchObject({ sent: 0 });
    advance(1);
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    expect(mailsTo('operator').at(-1)!.text).toContain('Reminder: the alarm is still active');
    advance(10);
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    expect(mailsTo('jefe')).toHaveLength(0);

    // At escalamiento (25 min) the boss profile's user is told, once, and not the boss's boss
    // (escalon 1); the first profile's grid stays at 30.
    advance(4);
    expect(await worker.runDue()).toMatchObject({ sent: 0 });
    advance(1);
    expect(await worker.runDue()).toMatchObject({ sent: 1 });
    expect(mailsTo('jefe')).toHaveLength(1);
    expect(mailsTo('jefe')[0]!.text).toContain('Escalado: nadie la ha reconocido en 25 minutos');
    expect(mailsTo('operadora')).toHaveLength(3);
    advance(5);
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    expect(mailsTo('operadora')).toHaveLength(4);

    // Acknowledged: no more messages to anybody, and no work left.
    const acknowledged = await context.send('POST', `/api/alerts/${alert.alertaid}/acknowledge`, {});
    expect(acknowledged.statusCode).toBe(200);
    advance(240);
    expect(await worker.runDue()).toMatchObject({ sent: 0 });
    expect(mailsTo('gerente')).toHaveLength(0);
    expect(harness.smtp.mails).toHaveLength(9);
    expect(await jobs()).toEqual([]);
  });

  it('tells only people granted the alert’s company, and platform admins: never someone of another company only (issue 32)', async () => {
    const [place] = await context.query<{ empresaid: number }>(sql`
      select f.empresaid from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
       where u.umbralid = ${probe.umbralid}`);
    const [other] = await context.query<{ empresaid: number }>(sql`select empresaid from sense.empresa where empresaid <> ${place!.empresaid} order by empresaid limit 1`);
    const [mail] = await context.query<{ medioid: number }>(sql`select medioid from sense.medio where nombre = 'correo'`);
    /** A person holding the first profile, with an e-mail contact, granted `empresaid` (or none). */
    const person = async (name: string, rol: 'admin' | 'user', empresaid: number | null) => {
      const correo = `${name}.grants@example.test`;
      const [created] = await context.query<{ usuarioid: number }>(sql`
        insert into sense.usuario (login, firstname, password_hash, rol) values (${correo}, ${name}, 'x', ${rol}) returning usuarioid`);
      await context.query(sql`insert into sense.usuarioperfil (usuarioid, perfilid) values (${created!.usuarioid}, ${recipients.perfilids[0]!})`);
      await context.query(sql`insert into sense.contacto (usuarioid, medioid, correo) values (${created!.usuarioid}, ${mail!.medioid}, ${correo})`);
      if (empresaid !== null) await context.query(sql`insert into sense.usuarioempresa (usuarioid, empresaid, nivel) values (${created!.usuarioid}, ${empresaid}, 'gestion')`);
      return { usuarioid: created!.usuarioid, correo };
    };
    const foreigner = await person('ajena', 'user', other!.empresaid);
    const ungranted = await person('sinacceso', 'user', null);
    const admin = await person('plataforma', 'admin', null);
    try {
      const worker = notifier();
      const opened = await read(probe.above);
      const alert = opened.commit.alerts.find((candidate) => candidate.opensEpisode)!;
      // The three contacts of the first profile's granted users, and the admin's: not the other two.
      expect(await worker.runDue()).toMatchObject({ sent: 4, failed: 0 });
      const to = (correo: string) => harness.smtp.mails.filter((sent) => sent.to.includes(correo));
      expect(to(admin.correo)).toHaveLength(1);
      expect(to(foreigner.correo)).toEqual([]);
      expect(to(ungranted.correo)).toEqual([]);
      const told = await context.query<{ usuarioid: number }>(sql`
        select distinct c.usuarioid from sense.mensaje m join sense.contacto c on c.contactoid = m.contactoid where m.episodioid = ${alert.episodioid}`);
      expect(told.map((row) => row.usuarioid)).not.toContain(foreigner.usuarioid);
      expect(told.map((row) => row.usuarioid)).not.toContain(ungranted.usuarioid);
    } finally {
      const ids = `{${[foreigner, ungranted, admin].map((entry) => entry.usuarioid).join(',')}}`;
      await context.query(sql`delete from sense.usuarioperfil where usuarioid = any(${ids}::int[])`);
    }
  });

  it('stops repeating when the episode ends, and tells a new episode at once', async () => {
    const worker = notifier();
    await read(probe.below);
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    await read(probe.inside);
    advance(60);
    expect(await worker.runDue()).toMatchObject({ sent: 0 });
    expect(await jobs()).toEqual([]);

    await read(probe.above);
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    expect(harness.smtp.mails).toHaveLength(4);
  });

  it('a duplicate reading is never told twice', async () => {
    const worker = notifier();
    const reading = { deveui: probe.deveui, tipoid: probe.tipoid, metricaabrev: probe.metricaabrev, medicion: probe.above };
    readingMinute += 1;
    const fecha = minutesAfter(context.now, readingMinute).toISOString();
    await ingest.ingest([{ ...reading, fecha }]);
    expect(await ingest.ingest([{ ...reading, fecha }])).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await worker.runDue()).toMatchObject({ sent: 3 });
    expect(harness.smtp.mails).toHaveLength(2);
  });

  it('keeps its work across a restart, and two workers on one database send each message once', async () => {
    // Scheduled by the ingest transaction; nothing runs it before the "restart".
    await read(probe.above);
    expect(await jobs()).toEqual([expect.objectContaining({ tipo: 'ronda' })]);

    // Two instances: on PostgreSQL each with its own pool, as two API processes would have.
    const second = driver.kind === 'postgres' ? await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! }) : context.database;
    try {
      const first = notifier();
      const other = notifier({}, second);
      const runs = await Promise.all([first.runDue(), other.runDue(), first.runDue(), other.runDue()]);
      expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(3);
      expect(harness.smtp.mails).toHaveLength(2);
      expect(harness.webhook.bodies).toHaveLength(1);
      advance(10);
      const repeats = await Promise.all([first.runDue(), other.runDue()]);
      expect(repeats.reduce((total, run) => total + run.sent, 0)).toBe(3);
      expect(harness.smtp.mails).toHaveLength(4);
    } finally {
      if (second !== context.database) await second.close();
    }
  });

  it('retries a failed delivery with backoff, then records it as failed with the carrier’s error', async () => {
    const worker = notifier({ maxAttempts: 2, retryBaseMs: 60_000 });
    harness.webhook.status = 500;
    const opened = await read(probe.above);
    const { episodioid } = opened.commit.alerts[0]!;
    expect(await worker.runDue()).toMatchObject({ sent: 2, retried: 1, failed: 0 });
    advance(0.5);
    expect(await worker.runDue()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    advance(0.5);
    expect(await worker.runDue()).toMatchObject({ failed: 1 });
    const [failed] = await context.query<{ statusid: number; error: string }>(sql`
      select m.statusid, m.error from sense.mensaje m join sense.contacto c on c.contactoid = m.contactoid
        join sense.medio md on md.medioid = c.medioid
       where m.episodioid = ${episodioid} and md.nombre = 'sms'`);
    expect(failed).toMatchObject({ statusid: 0 });
    expect(failed!.error).toContain('SMS webhook answered 500');
  });
});
