/**
 * `npm run chaos` (issue 27, item 3): alarm e-mails under crashes. Two API processes (`npm start`
 * each) on one PostgreSQL database of their own (`chaos`), an SMTP server on loopback that answers
 * each mail 14 s after its data arrived, and one API process killed with `kill -9` every 20 s (the
 * two in turn) and started again, while breaking readings go in through the HTTP ingest for
 * 3 minutes, a new episode every 15 s told to three recipients. Then the kills stop and the work drains (bounded). Counted
 * per (recipient, episode, round), against the schedule (every episode opened on the bench's
 * thresholds, told once to each of its three recipients: no repeats, no escalation):
 *   - duplicates: copies a recipient would see as a second message (another Message-ID);
 *   - resentSameMessageId: copies handed over again after a kill between the carrier's acceptance
 *     and the mark (the documented at-least-once edge: the same Message-ID);
 *   - lost: messages of the schedule that never arrived.
 * Results in bench/results/chaos.json, with the machine's load before and after: the counts, not
 * the timings, are the result.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (the server; `chaos` is created there)
 *   CHAOS_BREACH_SECONDS=180  CHAOS_KILL_EVERY_MS=20000  CHAOS_SMTP_DELAY_MS=14000  CHAOS_DRAIN_SECONDS=420
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { deliveryKey, messageIdFor } from '@camposense/api';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import type { SpawnedServer } from '@camposense/api/testing';
import { startSmtpReceiver } from '@camposense/api/testing/receivers';
import type { ReceivedMail } from '@camposense/api/testing/receivers';
import { createDatabase, migrate, seedDemoFarm, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { signInAdmin, writeBenchResults } from './support';

const RESULTS_FILE = fileURLToPath(new URL('./results/chaos.json', import.meta.url));
const DATABASE_NAME = 'chaos';
const MAIL_FROM = 'CampoSense <alarmas@chaos.test>';
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BREACH_SECONDS = setting('CHAOS_BREACH_SECONDS', 180);
const KILL_EVERY_MS = setting('CHAOS_KILL_EVERY_MS', 20_000);
const SMTP_DELAY_MS = setting('CHAOS_SMTP_DELAY_MS', 14_000);
const DRAIN_SECONDS = setting('CHAOS_DRAIN_SECONDS', 420);
/**
 * A new episode opens this often (on the next of the bench's thresholds). With three recipients
 * that is more mail than two workers at 14 s a mail can send, so a kill mostly finds a worker in
 * the middle of a hand-over.
 */
const EPISODE_EVERY_MS = 15_000;
const RECIPIENTS = ['guardia1', 'guardia2', 'guardia3'];
/** Every open episode's probe gets another breaking reading this often. */
const READING_EVERY_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Probe {
  umbralid: number;
  deveui: string;
  tipoid: number;
  metricaabrev: string;
  maximo: number;
  minimo: number;
}

async function createChaosDatabase(): Promise<string> {
  const serverUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

/**
 * A farm of one day up to now, the bench's thresholds (one per probe metric) told only to the
 * bench's recipients, by e-mail, once per episode; nothing else to tell, no node falling silent.
 */
async function prepare(database: Database, episodes: number): Promise<{ probes: Probe[]; contactoids: number[]; episodesBefore: number }> {
  await migrate(database);
  await seedDemoUsers(database);
  await seedDemoFarm(database, { days: 1, now: new Date(), seed: 7 });
  const probes = await database.query<Probe>(sql`
    select u.umbralid, n.deveui, u.tipoid, m.metricaabrev, u.maximo, u.minimo
      from sense.umbral u
      join sense.nodo n on n.nodoid = u.nodoid
      join sense.metrica m on m.metricaid = u.metricaid
      join sense.localizacion l on l.nodoid = u.nodoid and l.ubicacionid = u.ubicacionid and l.statusid = 1
     where u.statusid = 1 and n.deveui is not null and u.maximo is not null
       and (select count(*) from sense.umbral o
             where o.statusid = 1 and o.nodoid = u.nodoid and o.tipoid = u.tipoid and o.metricaid = u.metricaid) = 1
     order by u.umbralid
     limit ${episodes}`);
  if (probes.length < episodes) throw new Error(`chaos: the farm has ${probes.length} probe thresholds, ${episodes} needed`);
  const one = async <Row>(statement: ReturnType<typeof sql>) => (await database.query<Row>(statement))[0]!;
  const { criticidadid } = await one<{ criticidadid: number }>(sql`
    insert into sense.criticidad (criticidad, criticidadabrev, grado, frecuencia, escalamiento, escalon)
    values ('Caos', 'CAOS', 1, null, null, null) returning criticidadid`);
  const { perfilid } = await one<{ perfilid: number }>(sql`insert into sense.perfil (perfil, nivel) values ('Guardia de caos', 0) returning perfilid`);
  const { medioid } = await one<{ medioid: number }>(sql`select medioid from sense.medio where nombre = 'correo'`);
  const contactoids: number[] = [];
  for (const name of RECIPIENTS) {
    const email = `${name}@chaos.test`;
    const { usuarioid } = await one<{ usuarioid: number }>(sql`
      insert into sense.usuario (login, firstname, password_hash, idioma) values (${email}, ${name}, 'x', 'es') returning usuarioid`);
    await database.query(sql`insert into sense.usuarioperfil (usuarioid, perfilid) values (${usuarioid}, ${perfilid})`);
    const { contactoid } = await one<{ contactoid: number }>(sql`
      insert into sense.contacto (usuarioid, medioid, correo) values (${usuarioid}, ${medioid}, ${email}) returning contactoid`);
    contactoids.push(contactoid);
  }
  // Only the bench's recipients, only about the bench's episodes.
  await database.query(sql`update sense.perfilumbral set statusid = 0`);
  for (const probe of probes) {
    await database.query(sql`insert into sense.perfilumbral (perfilid, umbralid) values (${perfilid}, ${probe.umbralid})`);
    await database.query(sql`update sense.umbral set criticidadid = ${criticidadid} where umbralid = ${probe.umbralid}`);
  }
  await database.query(sql`update sense.nodo set ventanainactividad = 1000000`);
  // The seeded day's own episodes end here: each of the bench's breaches opens one of its own.
  await database.query(sql`update sense.episodio set fechafin = now(), statusid = 0 where fechafin is null`);
  await database.query(sql`delete from sense.trabajo`);
  const [{ since }] = (await database.query<{ since: number }>(sql`select coalesce(max(episodioid), 0)::bigint as since from sense.episodio`)) as [{ since: number }];
  return { probes, contactoids, episodesBefore: Number(since) };
}

/** One API process slot: killed and started again in place. */
interface Slot {
  server: SpawnedServer;
  ready: boolean;
}

async function main(): Promise<void> {
  const episodes = Math.floor((BREACH_SECONDS * 1000) / EPISODE_EVERY_MS);
  const databaseUrl = await createChaosDatabase();
  const database = await createDatabase({ databaseUrl });
  console.log(`chaos: preparing ${DATABASE_NAME} (${episodes} episodes, ${RECIPIENTS.length} recipients)…`);
  const { probes, contactoids, episodesBefore } = await prepare(database, episodes);

  const arrivals: Array<{ mail: ReceivedMail; at: number }> = [];
  const smtp = await startSmtpReceiver({
    onMail: (mail) => arrivals.push({ mail, at: Date.now() }),
    beforeAnswer: () => sleep(SMTP_DELAY_MS),
  });

  const env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    CONSOLE_DIR: '/nonexistent',
    SMTP_URL: smtp.url,
    MAIL_FROM,
    MQTT_URL: undefined,
    WORKERS: undefined,
  };
  const start = async (slot?: Slot): Promise<Slot> => {
    const server = await spawnServer(env, { output: 'stderr' });
    const started: Slot = slot ?? { server, ready: false };
    started.server = server;
    started.ready = false;
    void waitUntilListening(server, 120_000).then(
      () => {
        if (started.server === server) started.ready = true;
      },
      () => undefined,
    );
    return started;
  };
  const slots = [await start(), await start()];
  // A bench that fails leaves no API process behind.
  process.once('exit', () => {
    for (const slot of slots) if (slot.server.child.exitCode === null) slot.server.child.kill('SIGKILL');
  });
  await Promise.all(slots.map((slot) => waitUntilListening(slot.server, 120_000)));
  for (const slot of slots) slot.ready = true;

  const token = await signInAdmin(slots[0]!.server.baseUrl);
  const created = await fetch(`${slots[0]!.server.baseUrl}/api/ingest/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nombre: 'bench:chaos' }),
  });
  if (created.status !== 201) throw new Error(`ingest key: ${created.status} ${await created.text()}`);
  const ingestKey = ((await created.json()) as { clave: string }).clave;

  /** Posts to a live process; a batch cut off by a kill goes again to the other (ingest is idempotent). */
  let ingestErrors = 0;
  const post = async (readings: unknown[]) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const slot = slots.find((candidate, index) => candidate.ready && (attempt + index) % 2 === 0) ?? slots.find((candidate) => candidate.ready);
      if (!slot) {
        await sleep(250);
        continue;
      }
      try {
        const answer = await fetch(`${slot.server.baseUrl}/api/ingest/readings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        });
        const body = (await answer.json()) as { rejected?: unknown[] };
        if (answer.status === 200 && body.rejected?.length === 0) return;
        ingestErrors += 1;
        console.warn(`chaos: ingest answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
      } catch {
        // The process was killed under the request: another try, maybe on the other one.
      }
      await sleep(250);
    }
    throw new Error('chaos: no API process took a batch in 20 tries');
  };

  const loadBefore = loadavg()[0] ?? 0;
  const startedAt = Date.now();
  let kills = 0;
  let killing = true;
  const killer = (async () => {
    while (killing) {
      await sleep(KILL_EVERY_MS);
      if (!killing) break;
      const slot = slots[kills % 2]!;
      slot.ready = false;
      slot.server.child.kill('SIGKILL');
      await slot.server.exited;
      kills += 1;
      console.log(`chaos: ${Math.round((Date.now() - startedAt) / 1000)} s, kill -9 #${kills} (pid ${slot.server.child.pid}), mails so far ${arrivals.length}`);
      await start(slot);
    }
  })();

  // Breaches: a new episode every EPISODE_EVERY_MS, and every open one's probe keeps breaking.
  const open: Probe[] = [];
  let step = 0;
  while (Date.now() - startedAt < BREACH_SECONDS * 1000) {
    if (open.length < probes.length && Date.now() - startedAt >= open.length * EPISODE_EVERY_MS) open.push(probes[open.length]!);
    const fecha = new Date(Date.now() - 1000).toISOString();
    step += 1;
    await post(
      open.map((probe) => ({
        deveui: probe.deveui,
        tipoid: probe.tipoid,
        metricaabrev: probe.metricaabrev,
        fecha,
        medicion: probe.maximo + Math.max(1, probe.maximo - probe.minimo) + (step % 3),
      })),
    );
    await sleep(READING_EVERY_MS);
  }
  killing = false;
  await killer;
  for (const slot of slots) if (!slot.ready) await waitUntilListening(slot.server, 120_000).then(() => (slot.ready = true));
  const breachEnded = Date.now();
  console.log(`chaos: breaches over after ${Math.round((breachEnded - startedAt) / 1000)} s, ${kills} kills; draining…`);

  // The schedule: each episode opened on the bench's thresholds, told once to each recipient.
  const opened = await database.query<{ episodioid: number }>(sql`
    select episodioid from sense.episodio
     where episodioid > ${episodesBefore} and umbralid = any(${`{${probes.map((probe) => probe.umbralid).join(',')}}`}::int[]) order by episodioid`);
  const expected = opened.flatMap(({ episodioid }) =>
    contactoids.map((contactoid) => deliveryKey({ contactoid, medio: 'correo', episodioid, nivel: 0, ronda: 0 })),
  );
  let drained = false;
  while (Date.now() - breachEnded < DRAIN_SECONDS * 1000) {
    const [left] = await database.query<{ jobs: number; pending: number }>(sql`
      select (select count(*)::int from sense.trabajo) as jobs,
             (select count(*)::int from sense.entrega where estado = 'pendiente') as pending`);
    const [marked] = await database.query<{ count: number }>(sql`
      select count(*)::int as count from sense.entrega where estado <> 'pendiente' and clave = any(${`{${expected.join(',')}}`}::text[])`);
    if (left!.jobs === 0 && left!.pending === 0 && marked!.count === expected.length) {
      drained = true;
      break;
    }
    await sleep(2000);
  }
  const loadAfter = loadavg()[0] ?? 0;
  await Promise.all(slots.map((slot) => slot.server.stop()));
  await smtp.close();

  // Counted per (recipient, episode, round): the Message-ID names the delivery key.
  const keyOfId = new Map(expected.map((key) => [messageIdFor(key, MAIL_FROM), key]));
  const copies = new Map<string, string[]>();
  let unexpected = 0;
  for (const { mail } of arrivals) {
    const key = keyOfId.get(mail.messageId);
    if (!key) {
      unexpected += 1;
      continue;
    }
    copies.set(key, [...(copies.get(key) ?? []), mail.messageId]);
  }
  // Another Message-ID for the same (recipient, subject) would be a duplicate the recipient sees.
  const bySubject = new Map<string, Set<string>>();
  for (const { mail } of arrivals) {
    const group = `${mail.to.join(',')} ${mail.subject}`;
    bySubject.set(group, (bySubject.get(group) ?? new Set()).add(mail.messageId));
  }
  const duplicates = [...bySubject.values()].reduce((total, ids) => total + ids.size - 1, 0) + unexpected;
  const resentSameMessageId = [...copies.values()].reduce((total, ids) => total + ids.length - 1, 0);
  const lost = expected.filter((key) => !copies.has(key)).length;
  // The ledger's own account: hand-overs beyond the first should equal resentSameMessageId.
  const ledger = await database.query<{ estado: string; count: number; handedOverAgain: number; extraHandOvers: number }>(sql`
    select estado, count(*)::int as count, count(*) filter (where entregas > 1)::int as "handedOverAgain",
           coalesce(sum(entregas - 1), 0)::int as "extraHandOvers"
      from sense.entrega group by estado order by estado`);
  const [report] = await database.query<{ rows: number; messages: number }>(sql`
    select count(*)::int as rows, count(distinct entregaid)::int as messages from sense.mensaje where entregaid is not null`);
  await database.close();

  const results = {
    date: new Date().toISOString(),
    note:
      'The machine is shared with other engineers running tests: loaded. Counts, not timings, are the result. ' +
      'duplicates = copies with another Message-ID than the first of their (recipient, episode, round), or unknown to the schedule; ' +
      'resentSameMessageId = copies handed over again with the same Message-ID after a kill -9 between the SMTP server taking the mail and the ledger mark (the at-least-once edge documented in docs/operations.md); ' +
      'lost = messages of the schedule never received.',
    machine: { cpus: cpus().length, loadAverage1mBefore: round2(loadBefore), loadAverage1mAfter: round2(loadAfter) },
    setup: {
      apiProcesses: 2,
      database: `postgres (${DATABASE_NAME})`,
      smtpDelayMs: SMTP_DELAY_MS,
      killEveryMs: KILL_EVERY_MS,
      breachSeconds: BREACH_SECONDS,
      episodeEveryMs: EPISODE_EVERY_MS,
      readingEveryMs: READING_EVERY_MS,
      recipients: contactoids.length,
      schedule: 'each episode told once (round 0, level 0) to each recipient by e-mail: no repeats, no escalation',
    },
    kills,
    ingestErrors,
    episodes: opened.length,
    expected: expected.length,
    received: arrivals.length,
    duplicates,
    resentSameMessageId,
    lost,
    drained,
    drainSeconds: Math.round((Date.now() - breachEnded) / 1000),
    ledger,
    reportRows: report,
  };
  writeBenchResults(RESULTS_FILE, `postgres (${DATABASE_NAME})`, results);
  console.log(
    `chaos: ${results.episodes} episodes, ${results.expected} e-mails expected, ${results.received} received, ` +
      `duplicates ${duplicates}, lost ${lost}, re-sent with the same Message-ID ${resentSameMessageId}, ${kills} kills ` +
      `(load ${results.machine.loadAverage1mBefore} → ${results.machine.loadAverage1mAfter}; ${drained ? 'drained' : 'NOT drained'})`,
  );
  console.log(`chaos: results in ${RESULTS_FILE}`);
  if (duplicates > 0 || lost > 0) process.exitCode = 1;
}

await main();
