import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import { findProbe, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { seedTestFarm } from '../../testing/sense-farm';
import { spawnServer } from '../../testing/spawn-server';
import type { SpawnedServer } from '../../testing/spawn-server';
import { createCarriers, messageIdFor } from '@camposense/server-notify';
import { createNotifier } from '@camposense/server-notify';
import type { Notifier } from '@camposense/server-notify';
import { silentLogger } from '@camposense/server-notify/testing';
import { startSmtpReceiver, startWebhookReceiver } from '@camposense/server-notify/testing';
import type { ReceivedMail, SmtpReceiver, WebhookReceiver } from '@camposense/server-notify/testing';
import { createTestRecipients } from '@camposense/server-notify/testing';

/**
 * Issue 27, item 3: exactly once per (recipient, channel, episode, round), across workers and
 * crashes. A carrier slower than a worker's lease must not let a second worker send the same
 * message; a worker killed with SIGKILL between hand-over and mark leaves a ledger row that the
 * next worker hands over again only after the lease ran out, with the same Message-ID.
 */
const MAIL_FROM = 'CampoSense <alarmas@example.test>';

interface LedgerRow {
  entregaid: number;
  clave: string;
  medio: string;
  destino: string;
  estado: string;
  entregas: number;
}

const ledgerOf = (database: Database) =>
  database.query<LedgerRow>(sql`select entregaid, clave, medio, destino, estado, entregas from sense.entrega order by entregaid`);
const reportRowsOf = (database: Database) =>
  database.query<{ entregaid: number | null; statusid: number }>(sql`select entregaid, statusid from sense.mensaje where entregaid is not null order by entregaid`);

/** A breaking reading of each probe, a minute ago by the real clock (the workers run on it). */
async function breach(database: Database, probes: readonly ProbeUnderTest[]): Promise<void> {
  const ingest = createIngestService(database);
  const result = await ingest.ingest(probes.map((probe) => readingOf(probe, new Date(Date.now() - 60_000), probe.above)));
  expect(result).toMatchObject({ accepted: probes.length, rejected: [] });
}

describe.each(testDrivers())('two notifier workers behind an SMTP server slower than the lease on $kind', (driver) => {
  /** Each mail takes this long to be answered: longer than the workers' lease. */
  const LEASE_MS = 1500;
  const ANSWER_MS = 2500;
  let context: SenseContext;
  let smtp: SmtpReceiver;
  let webhook: WebhookReceiver;
  let probes: ProbeUnderTest[];
  let onMail: (mail: ReceivedMail) => void = () => undefined;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probes = [await findProbe(context.database, 0), await findProbe(context.database, 1)];
    await createTestRecipients(context.database, probes.map((probe) => probe.umbralid), { frecuencia: null, escalamiento: null, escalon: null }, 'd1');
    await context.query(sql`update sense.nodo set ventanainactividad = 1000000`);
    smtp = await startSmtpReceiver({
      onMail: (mail) => onMail(mail),
      beforeAnswer: () => new Promise((resolve) => setTimeout(resolve, ANSWER_MS)),
    });
    webhook = await startWebhookReceiver();
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await webhook?.close();
    await closeSenseContext(context);
  });

  it('sends each (recipient, channel, episode, round) once, and the ledger and the report say so', async () => {
    await breach(context.database, probes);
    // Two episodes, each to the operadora (e-mail and SMS) and the operator (e-mail).
    const expected = 6;
    // On PostgreSQL each worker has its own pool, as two API processes would have.
    const second = driver.kind === 'postgres' ? await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! }) : context.database;
    let marked = 0;
    let allMarked: () => void = () => undefined;
    // Done when every delivery is marked, or at the first duplicate (behind a carrier slower than
    // the lease, workers that lose their lease mid-send would otherwise go on re-sending for ever).
    const done = new Promise<void>((resolve) => (allMarked = resolve));
    const seen = new Set<string>();
    onMail = (mail) => {
      const key = `${mail.to.join(',')} ${mail.subject}`;
      if (seen.has(key)) allMarked();
      seen.add(key);
    };
    const worker = (database: Database): Notifier =>
      createNotifier({
        database,
        carriers: createCarriers({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, smsWebhookUrl: webhook.url }, silentLogger),
        logger: silentLogger,
        timeZone: 'UTC',
        pollIntervalMs: 50,
        leaseMs: LEASE_MS,
        watchingSince: new Date('9999-01-01T00:00:00Z'),
        onEvent: (event) => {
          if (event.type === 'messages' && (marked += 1) === expected) allMarked();
        },
      });
    const workers = [worker(context.database), worker(second)];
    try {
      for (const each of workers) each.start();
      await done;
    } finally {
      // Stopping waits for a hand-over under way: a duplicate in flight is counted below.
      await Promise.all(workers.map((each) => each.stop()));
      if (second !== context.database) await second.close();
    }

    const perMessage = new Map<string, number>();
    for (const mail of smtp.mails) {
      const key = `${mail.to.join(',')} ${mail.subject}`;
      perMessage.set(key, (perMessage.get(key) ?? 0) + 1);
    }
    expect([...perMessage.values()], JSON.stringify([...perMessage])).toEqual([1, 1, 1, 1]);
    expect(webhook.bodies).toHaveLength(2);

    const ledger = await ledgerOf(context.database);
    expect(ledger).toHaveLength(expected);
    expect(new Set(ledger.map((row) => row.clave)).size).toBe(expected);
    for (const row of ledger) expect(row).toMatchObject({ estado: 'enviado', entregas: 1 });
    for (const row of ledger.filter((entry) => entry.medio === 'correo')) {
      expect(smtp.mails.filter((mail) => mail.messageId === messageIdFor(row.clave, MAIL_FROM))).toEqual([
        expect.objectContaining({ to: [row.destino] }),
      ]);
    }
    const report = await reportRowsOf(context.database);
    expect(report.map((row) => row.entregaid)).toEqual(ledger.map((row) => row.entregaid));
    expect(report.every((row) => row.statusid === 1)).toBe(true);
  }, 120_000);
});

describe.each(testDrivers())('a notifier worker killed with -9 between hand-over and mark on $kind', (driver) => {
  const LEASE_MS = 4000;
  let dataDir: string;
  let observer: Database | undefined;
  let smtp: SmtpReceiver;
  let recipients: string[];
  const servers: SpawnedServer[] = [];
  /** When each mail arrived (the real clock). */
  const arrivals = new Map<ReceivedMail, number>();
  let firstArrived: (mail: ReceivedMail) => void = () => undefined;
  let releaseHeld: () => void = () => undefined;
  let mailsChanged: () => void = () => undefined;

  /** The database as the test reads it: PostgreSQL through its own pool; PGlite's folder only while no worker has it. */
  const withDatabase = async <T,>(read: (database: Database) => Promise<T>): Promise<T> => {
    if (observer) return read(observer);
    const database = await createDatabase({ dataDir });
    try {
      return await read(database);
    } finally {
      await database.close();
    }
  };
  const startWorker = async () => {
    const server = await spawnServer(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM,
        NOTIFY_LEASE_MS: String(LEASE_MS),
        ...(driver.kind === 'pglite' ? { DATA_DIR: dataDir, DATABASE_URL: undefined } : { DATABASE_URL: process.env['TEST_DATABASE_URL'] }),
      },
      { script: 'libs/server-notify/src/testing/notifier-process.ts' },
    );
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'camposense-delivery-kill-'));
    const prepared = driver.kind === 'pglite' ? await createDatabase({ dataDir }) : await driver.open();
    await migrate(prepared);
    await seedDemoUsers(prepared);
    await seedTestFarm(prepared);
    const probe = await findProbe(prepared);
    const test = await createTestRecipients(prepared, [probe.umbralid], { frecuencia: null, escalamiento: null, escalon: null }, 'k1');
    recipients = [test.users.operadora.correo, test.users.operator.correo];
    // E-mail only: the SMTP receiver is where the crash happens.
    await prepared.query(sql`update sense.contacto set statusid = 0 where celular is not null`);
    await prepared.query(sql`update sense.nodo set ventanainactividad = 1000000`);
    await breach(prepared, [probe]);
    if (driver.kind === 'pglite') await prepared.close();
    else observer = prepared;

    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    smtp = await startSmtpReceiver({
      onMail: (mail) => {
        arrivals.set(mail, Date.now());
        mailsChanged();
      },
      // The first mail is in, and its sender never hears the 250: it is killed before.
      beforeAnswer: (mail) => {
        if (smtp.mails[0] !== mail) return Promise.resolve();
        firstArrived(mail);
        return held;
      },
    });
  }, 180_000);

  afterAll(async () => {
    releaseHeld();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    await observer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands the message over again only after the lease ran out, with the same Message-ID, and loses none', async () => {
    const arrived = new Promise<ReceivedMail>((resolve) => (firstArrived = resolve));
    const victim = await startWorker();
    const first = await Promise.race([
      arrived,
      victim.exited.then((code) => {
        throw new Error(`the worker exited (${code}) before sending:\n${victim.output()}`);
      }),
    ]);
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(victim.child.signalCode).toBe('SIGKILL');

    // Written before the hand-over, not marked: the crash came between the two.
    const [crashed] = await withDatabase((database) =>
      database.query<LedgerRow & { bloqueadohasta: Date }>(sql`
        select e.entregaid, e.clave, e.medio, e.destino, e.estado, e.entregas, t.bloqueadohasta
          from sense.entrega e join sense.trabajo t on t.clave = 'envio:' || e.clave`),
    );
    expect(crashed).toMatchObject({ destino: first.to[0], estado: 'pendiente', entregas: 1 });
    const leaseEnd = new Date(crashed!.bloqueadohasta).getTime();

    // Restarted at once: it sends what nobody holds, and the crashed delivery once its lease is over.
    const restarted = await startWorker();
    await new Promise<void>((resolve) => {
      mailsChanged = () => {
        if (smtp.mails.length >= 3) resolve();
      };
      mailsChanged();
    });
    await restarted.stop();

    const to = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
    const again = to(first.to[0]!);
    expect(again).toHaveLength(2);
    expect(again.map((mail) => mail.messageId)).toEqual([messageIdFor(crashed!.clave, MAIL_FROM), messageIdFor(crashed!.clave, MAIL_FROM)]);
    expect(arrivals.get(again[1]!)).toBeGreaterThanOrEqual(leaseEnd);
    for (const address of recipients) expect(to(address).length, address).toBeGreaterThanOrEqual(1);
    expect(smtp.mails).toHaveLength(3);

    const [ledger, report, jobs] = await withDatabase(async (database) => [
      await ledgerOf(database),
      await reportRowsOf(database),
      await database.query(sql`select trabajoid from sense.trabajo`),
    ]);
    expect(ledger).toEqual([
      expect.objectContaining({ clave: crashed!.clave, estado: 'enviado', entregas: 2 }),
      expect.objectContaining({ estado: 'enviado', entregas: 1 }),
    ]);
    expect(report).toEqual(ledger.map((row) => ({ entregaid: row.entregaid, statusid: 1 })));
    expect(jobs).toEqual([]);
  }, 180_000);
});
