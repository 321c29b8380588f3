/**
 * The notifier (alarms.md, "People are told"): an episode's first message at once, repeats every
 * `criticidad.frecuencia` minutes, escalation up `perfil.jefeid` every `criticidad.escalamiento`
 * minutes up to `criticidad.escalon` levels, all stopped by the episode's acknowledgement or end.
 *
 * The work is kept in `sense.trabajo` (a job table, see libs/db's schema): one 'ronda' job per
 * (episode, level), written by the ingest transaction that opens the episode, and one 'envio' job
 * per message. A round runs in one transaction that takes its row with FOR UPDATE SKIP LOCKED, so
 * a crash rolls it back whole. A delivery (alarms.md, "Once") is taken one at a time under a lease
 * (`bloqueadohasta`) that is renewed while the carrier works, so no other worker takes it while it
 * is being sent and a dead worker's delivery is taken again only once its lease has run out. Before
 * the hand-over the delivery is written to the ledger (`sense.entrega`) under its idempotency key
 * (contact, channel, episode, level and round); after it, the ledger row is marked sent or failed and
 * its `mensaje` row written, in one transaction. A key already marked is never handed over again; one
 * left pending by a crash between hand-over and mark is handed over again with the same key, so the
 * same SMTP Message-ID (docs/operations.md, "Alarm delivery"). PGlite (one connection) never waits on
 * a carrier inside a transaction.
 */
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Carriers, Medium } from './carriers';
import { composeMessage } from './message-text';
import type { EpisodeFacts } from './message-text';

export interface NotifierOptions {
  database: Database;
  carriers: Carriers;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The notifier's clock: tests move it by hand. @default () => new Date() */
  now?: () => Date;
  /** IANA zone of the times in messages. @default 'America/Lima' */
  timeZone?: string;
  /** How often due work is looked for when nothing wakes the notifier. @default 1000 */
  pollIntervalMs?: number;
  /**
   * A delivery is held this long by the worker that took it, and renewed every third of it while
   * the carrier works. The default covers the slowest hand-over the carriers allow (SMTP: 15 s to
   * connect, 15 s for the greeting, 15 s of silence per command) without a renewal. @default 60000
   */
  leaseMs?: number;
  /** Told of messages recorded and no-data episodes opened (the live stream). */
  onEvent?: (event: { type: 'messages'; episodioid: number; sent: number; failed: number } | { type: 'episodes'; opened: number; nodes: number[] }) => void;
  /** Tries before a delivery is recorded as failed. @default 5 */
  maxAttempts?: number;
  /** Wait before try n+1 is `retryBaseMs * 2^(n-1)`. @default 30000 */
  retryBaseMs?: number;
  /**
   * NOTIFY_MINUTE_MS: how long one minute of `frecuencia` and `escalamiento` lasts. Only an
   * end-to-end test on a real clock shortens it (repeats and escalation in seconds). @default 60000
   */
  minuteMs?: number;
  /**
   * Nodes whose window ran out before this moment open no no-data episode: only a test that must
   * see none sets it (far ahead). Every other instance watches every node, including one that fell
   * silent while no instance ran (the demo farm's silent nodes, a node that died during an outage):
   * a node silent past its window has an open no-data episode, whenever its window ran out.
   * @default the epoch: every node is watched
   */
  watchingSince?: Date;
}

export interface RunSummary {
  /** No-data episodes opened by this run. */
  silentOpened: number;
  rounds: number;
  sent: number;
  failed: number;
  retried: number;
  /** Deliveries taken whose ledger row was already marked (a worker died after marking it): not sent again. */
  skipped: number;
}

export interface Notifier {
  /** Runs every job due now (rounds, then the deliveries they make) until none is left. */
  runDue(): Promise<RunSummary>;
  /** Polls every `pollIntervalMs`; `wake()` runs at once (after an ingest opened an episode). */
  start(): void;
  wake(): void;
  /** Stops polling and waits for the run under way. */
  stop(): Promise<void>;
}

/** The round job's payload: the episode, the escalation level, when level 0 started (ms). */
export interface RoundPayload {
  episodioid: number;
  nivel: number;
  inicio: number;
  /** Rounds of this level already sent. */
  ronda: number;
}

interface DeliveryPayload {
  /** The idempotency key, `entrega.clave`. */
  clave: string;
  nivel: number;
  ronda: number;
  contactoid: number;
  alertaid: number | null;
  episodioid: number;
  medio: Medium;
  destino: string;
  asunto: string;
  texto: string;
  idioma: string;
}

interface ClaimedDelivery {
  trabajoid: number;
  carga: DeliveryPayload;
  intentos: number;
  /** The lease this worker holds now (moved forward by each renewal). */
  lease: Date;
}

type Executor = { execute(statement: SQL): Promise<unknown> };

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function timestamp(date: Date | number): SQL {
  return sql`${new Date(date).toISOString()}::timestamptz`;
}

/** The idempotency key of one message: recipient contact, channel, episode, level and round. */
export function deliveryKey(delivery: { contactoid: number; medio: Medium; episodioid: number; nivel: number; ronda: number }): string {
  return `c${delivery.contactoid}:${delivery.medio}:e${delivery.episodioid}:n${delivery.nivel}:r${delivery.ronda}`;
}

/** The key of an episode's round job at one level. */
export function roundKey(episodioid: number, nivel: number): string {
  return `ronda:${episodioid}:${nivel}`;
}

/**
 * Schedules the first round of newly opened episodes, due at `now`: called inside the transaction
 * that opens them, so an episode is never without its notification.
 */
export async function scheduleFirstRounds(tx: Executor, episodioids: readonly number[], now: Date): Promise<void> {
  if (episodioids.length === 0) return;
  await tx.execute(sql`
    insert into sense.trabajo (tipo, clave, carga, ejecutar)
    select 'ronda', 'ronda:' || e.id || ':0',
           jsonb_build_object('episodioid', e.id, 'nivel', 0, 'inicio', ${now.getTime()}::float8, 'ronda', 0), ${timestamp(now)}
      from unnest(${`{${episodioids.join(',')}}`}::bigint[]) as e(id)
    on conflict (clave) do nothing`);
}

interface EpisodeRow {
  episodioid: number;
  tipo: 'umbral' | 'sindatos';
  umbralid: number | null;
  nodoid: number;
  statusid: number;
  fechafin: Date | string | null;
  criticidad: string;
  frecuencia: number | null;
  escalamiento: number | null;
  escalon: number | null;
  umbral: string | null;
  minimo: number | null;
  maximo: number | null;
  nodo: string;
  ubicacion: string | null;
  /** The company of the episode's location (its threshold's, or its node's placement): who may be told. */
  empresaid: number | null;
  metrica: string | null;
  unidad: string | null;
  alertaid: number | null;
  alertafecha: Date | string | null;
  valor: number | null;
  ultimalectura: Date | string | null;
}

interface RecipientRow {
  contactoid: number;
  usuarioid: number;
  perfilid: number;
  medio: string;
  correo: string | null;
  celular: string | null;
  codigotelefono: string | null;
  idioma: string;
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

async function loadEpisode(tx: Executor, episodioid: number): Promise<EpisodeRow | undefined> {
  const [row] = rowsOf<EpisodeRow>(
    await tx.execute(sql`
      select e.episodioid, e.tipo, e.umbralid, e.nodoid, e.statusid, e.fechafin,
             c.criticidad, c.frecuencia, c.escalamiento, c.escalon,
             u.umbral, u.minimo, u.maximo, n.nodo, ub.ubicacion, fu.empresaid, m.metrica, m.unidad,
             a.alertaid, a.fecha as alertafecha, md.medicion as valor,
             (select max(um.fecha) from sense.ultimamedicion um where um.nodoid = e.nodoid) as ultimalectura
        from sense.episodio e
        join sense.criticidad c on c.criticidadid = e.criticidadid
        join sense.nodo n on n.nodoid = e.nodoid
        left join sense.umbral u on u.umbralid = e.umbralid
        left join sense.metrica m on m.metricaid = u.metricaid
        left join sense.ubicacion ub on ub.ubicacionid = coalesce(u.ubicacionid, (
          select l.ubicacionid from sense.localizacion l where l.nodoid = e.nodoid and l.statusid = 1
           order by l.datemodified desc nulls last limit 1))
        left join sense.fundo fu on fu.fundoid = ub.fundoid
        left join lateral (
          select al.alertaid, al.fecha, al.medicionid from sense.alerta al where al.episodioid = e.episodioid
           order by al.fecha desc, al.alertaid desc limit 1) a on true
        left join sense.medicion md on md.medicionid = a.medicionid and md.fecha = a.fecha
       where e.episodioid = ${episodioid}`),
  );
  return row;
}

/**
 * The profiles told at each level: level 0 those linked to the threshold (for a no-data episode,
 * to any of the node's active thresholds), level k the bosses of level k-1.
 */
async function profileLevels(tx: Executor, episode: EpisodeRow, deepest: number): Promise<Array<Set<number>>> {
  const base = rowsOf<{ perfilid: number }>(
    await tx.execute(
      episode.umbralid !== null
        ? sql`select pu.perfilid from sense.perfilumbral pu join sense.perfil p on p.perfilid = pu.perfilid and p.statusid = 1
               where pu.umbralid = ${episode.umbralid} and pu.statusid = 1`
        : sql`select distinct pu.perfilid from sense.perfilumbral pu
                join sense.umbral u on u.umbralid = pu.umbralid and u.statusid = 1
                join sense.perfil p on p.perfilid = pu.perfilid and p.statusid = 1
               where u.nodoid = ${episode.nodoid} and pu.statusid = 1`,
    ),
  );
  const bosses = new Map(
    rowsOf<{ perfilid: number; jefeid: number | null }>(
      await tx.execute(sql`select perfilid, jefeid from sense.perfil where statusid = 1`),
    ).map((row) => [row.perfilid, row.jefeid]),
  );
  const levels = [new Set(base.map((row) => row.perfilid))];
  for (let level = 1; level <= deepest; level += 1) {
    const next = new Set<number>();
    for (const perfilid of levels[level - 1] ?? []) {
      const boss = bosses.get(perfilid);
      if (boss !== null && boss !== undefined && bosses.has(boss)) next.add(boss);
    }
    levels.push(next);
  }
  return levels;
}

/**
 * The active contacts of the active users who hold one of `profiles` (and none of `excluded`) and
 * may see the episode's company `empresaid` (issue 32): a platform admin, or a user granted it at
 * any level. An episode of no company (a node never placed) reaches admins only.
 */
async function contactsOf(tx: Executor, profiles: ReadonlySet<number>, lower: ReadonlySet<number>, empresaid: number | null): Promise<RecipientRow[]> {
  if (profiles.size === 0) return [];
  const all = [...profiles, ...lower];
  const rows = rowsOf<RecipientRow>(
    await tx.execute(sql`
      select c.contactoid, us.usuarioid, up.perfilid, md.nombre as medio, c.correo, c.celular, ct.codigotelefono, us.idioma
        from sense.usuarioperfil up
        join sense.usuario us on us.usuarioid = up.usuarioid and us.statusid = 1
         and (us.rol = 'admin' or exists (
               select 1 from sense.usuarioempresa ue where ue.usuarioid = us.usuarioid and ue.empresaid = ${empresaid} and ue.statusid = 1))
        join sense.contacto c on c.usuarioid = us.usuarioid and c.statusid = 1
        join sense.medio md on md.medioid = c.medioid and md.statusid = 1
        left join sense.codigotelefono ct on ct.codigotelefonoid = c.codigotelefonoid
       where up.statusid = 1 and up.perfilid = any(${`{${all.join(',')}}`}::int[])
       order by c.contactoid`),
  );
  // Someone told at a lower level is not told again as a boss.
  const lowerUsers = new Set(rows.filter((row) => lower.has(row.perfilid)).map((row) => row.usuarioid));
  const seen = new Set<number>();
  return rows.filter((row) => {
    if (!profiles.has(row.perfilid) || lowerUsers.has(row.usuarioid) || seen.has(row.contactoid)) return false;
    seen.add(row.contactoid);
    return true;
  });
}

function destinationOf(row: RecipientRow): { medio: Medium; destino: string } | null {
  if (row.medio === 'correo' && row.correo) return { medio: 'correo', destino: row.correo };
  if (row.medio === 'sms' && row.celular) return { medio: 'sms', destino: `${row.codigotelefono ?? ''}${row.celular}` };
  return null;
}

/**
 * Silent nodes (alarms.md, "Silent nodes"): a node whose latest reading is older than its
 * inactivity window gets a no-data episode, with the most severe criticality of its active
 * thresholds (a node without thresholds has nobody to tell), starting when the window ran out. Its
 * first round is scheduled in the same transaction; the unique index of open no-data episodes
 * keeps two instances from opening it twice. The node's next reading closes it (the ingest service).
 *
 * Two statements, against a reading committed while the detector looks (PostgreSQL): the first
 * takes the silent nodes' latest values FOR SHARE, in key order, so it waits for an ingest that is
 * writing one of them (the ingest updates them before it closes the node's no-data episode); the
 * second decides with a snapshot taken after that ingest committed. Without the wait the insert saw
 * the node's previous reading and opened an episode the ingest, which could not see it yet, never
 * closed: a node that had reported stayed "silent". An ingest that comes after the lock waits for
 * this transaction, and then sees and closes the episode.
 */
/** Opens the no-data episodes of the nodes silent past their window; answers the nodes it opened one for. */
export async function openSilentEpisodes(database: Database, at: Date, watchingSince?: Date): Promise<number[]> {
  const since = watchingSince ?? new Date(0);
  return database.db.transaction(async (tx) => {
    const silentWhere = sql`n.statusid = 1 and s.ultima + make_interval(mins => n.ventanainactividad) <= ${timestamp(at)}
           and s.ultima + make_interval(mins => n.ventanainactividad) > ${timestamp(since)}
           and not exists (select 1 from sense.episodio e where e.nodoid = n.nodoid and e.tipo = 'sindatos' and e.fechafin is null)`;
    const latestByNode = sql`(select nodoid, max(fecha) as ultima from sense.ultimamedicion group by nodoid)`;
    const candidates = rowsOf<{ nodoid: number }>(
      await tx.execute(sql`select n.nodoid from sense.nodo n join ${latestByNode} s on s.nodoid = n.nodoid where ${silentWhere}`),
    );
    if (candidates.length === 0) return [];
    await tx.execute(sql`
      select 1 from sense.ultimamedicion
       where nodoid = any(${`{${candidates.map((row) => row.nodoid).join(',')}}`}::int[])
       order by nodoid, tipoid, metricaid
         for share`);
    const opened = rowsOf<{ episodioid: number; nodoid: number }>(
      await tx.execute(sql`
        insert into sense.episodio (tipo, nodoid, criticidadid, fechainicio, statusid, empresaid)
        select 'sindatos', n.nodoid, crit.criticidadid, s.ultima + make_interval(mins => n.ventanainactividad), 1,
               -- The company of the node's placement now, kept by the episode should the node move (issue 32).
               (select f.empresaid from sense.localizacion l join sense.ubicacion ub on ub.ubicacionid = l.ubicacionid
                  join sense.fundo f on f.fundoid = ub.fundoid
                 where l.nodoid = n.nodoid order by (l.statusid = 1) desc, f.empresaid limit 1)
          from sense.nodo n
          join ${latestByNode} s on s.nodoid = n.nodoid
          join lateral (
            select c.criticidadid from sense.umbral u join sense.criticidad c on c.criticidadid = u.criticidadid
             where u.nodoid = n.nodoid and u.statusid = 1
             order by c.grado, c.criticidadid limit 1) crit on true
         where ${silentWhere}
        on conflict do nothing
        returning episodioid, nodoid`),
    );
    await scheduleFirstRounds(
      tx,
      opened.map((row) => row.episodioid),
      at,
    );
    return opened.map((row) => Number(row.nodoid));
  });
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { database, carriers, logger } = options;
  const now = options.now ?? (() => new Date());
  const timeZone = options.timeZone ?? 'America/Lima';
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const minuteMs = options.minuteMs ?? 60_000;
  const watchingSince = options.watchingSince;

  async function runRound(tx: Executor, job: { trabajoid: number; carga: RoundPayload; ejecutar: Date | string }, at: Date) {
    const payload = job.carga;
    const remove = () => tx.execute(sql`delete from sense.trabajo where trabajoid = ${job.trabajoid}`);
    const episode = await loadEpisode(tx, payload.episodioid);
    // Acknowledged (-1) or ended: no more messages, no escalation.
    if (!episode || episode.fechafin !== null || episode.statusid !== 1) {
      await remove();
      return;
    }
    const escalon = episode.escalon ?? 0;
    const escalamiento = episode.escalamiento;
    const canEscalate = escalamiento !== null && payload.nivel < escalon;
    const levels = await profileLevels(tx, episode, payload.nivel + (canEscalate ? 1 : 0));
    const lower = new Set(levels.slice(0, payload.nivel).flatMap((level) => [...level]));
    const recipients = await contactsOf(tx, levels[payload.nivel] ?? new Set(), lower, episode.empresaid);

    const facts: EpisodeFacts = {
      tipo: episode.tipo,
      criticidad: episode.criticidad,
      nodo: episode.nodo,
      ubicacion: episode.ubicacion,
      umbral: episode.umbral,
      metrica: episode.metrica,
      unidad: episode.unidad,
      minimo: episode.minimo,
      maximo: episode.maximo,
      valor: episode.valor,
      fecha: dateOrNull(episode.alertafecha),
      ultimaLectura: dateOrNull(episode.ultimalectura),
    };
    const deliveries: DeliveryPayload[] = [];
    for (const recipient of recipients) {
      const destination = destinationOf(recipient);
      if (!destination) continue;
      const message = composeMessage(
        facts,
        { level: payload.nivel, round: payload.ronda, escalationMinutes: escalamiento },
        recipient.idioma,
        timeZone,
      );
      const identity = { contactoid: recipient.contactoid, medio: destination.medio, episodioid: episode.episodioid, nivel: payload.nivel, ronda: payload.ronda };
      deliveries.push({
        clave: deliveryKey(identity),
        nivel: payload.nivel,
        ronda: payload.ronda,
        contactoid: recipient.contactoid,
        alertaid: episode.alertaid,
        episodioid: episode.episodioid,
        ...destination,
        asunto: message.subject,
        texto: message.text,
        idioma: recipient.idioma,
      });
    }
    if (deliveries.length > 0) {
      await tx.execute(sql`
        insert into sense.trabajo (tipo, clave, carga, ejecutar)
        select 'envio', 'envio:' || (d.carga->>'clave'), d.carga, ${timestamp(at)}
          from jsonb_array_elements(${JSON.stringify(deliveries)}::jsonb) as d(carga)
        on conflict (clave) do nothing`);
    }

    // The next level is told `escalamiento` minutes after this one started, if there is one.
    // Scheduled once, by the level's first round (a level without repeats is gone after it).
    const bossLevel = levels[payload.nivel + 1];
    if (payload.ronda === 0 && canEscalate && bossLevel && bossLevel.size > 0) {
      const due = payload.inicio + (payload.nivel + 1) * escalamiento * minuteMs;
      const next: RoundPayload = { episodioid: payload.episodioid, nivel: payload.nivel + 1, inicio: payload.inicio, ronda: 0 };
      await tx.execute(sql`
        insert into sense.trabajo (tipo, clave, carga, ejecutar)
        values ('ronda', ${roundKey(payload.episodioid, next.nivel)}, ${JSON.stringify(next)}::jsonb, ${timestamp(Math.max(due, at.getTime()))})
        on conflict (clave) do nothing`);
    }

    // Repeat every `frecuencia` minutes on this level's own grid; a late run skips what it missed.
    const frecuencia = episode.frecuencia;
    if (frecuencia === null || frecuencia <= 0) {
      await remove();
      return;
    }
    const step = frecuencia * minuteMs;
    let nextRun = new Date(job.ejecutar).getTime() + step;
    if (nextRun <= at.getTime()) nextRun += Math.ceil((at.getTime() - nextRun + 1) / step) * step;
    const repeated: RoundPayload = { ...payload, ronda: payload.ronda + 1 };
    await tx.execute(sql`
      update sense.trabajo set ejecutar = ${timestamp(nextRun)}, carga = ${JSON.stringify(repeated)}::jsonb
       where trabajoid = ${job.trabajoid}`);
  }

  /** Due rounds, a few at a time, each taken so no other instance runs it. */
  async function runRounds(at: Date): Promise<number> {
    return database.db.transaction(async (tx) => {
      const jobs = rowsOf<{ trabajoid: number; carga: RoundPayload; ejecutar: Date | string }>(
        await tx.execute(sql`
          select trabajoid, carga, ejecutar from sense.trabajo
           where tipo = 'ronda' and ejecutar <= ${timestamp(at)}
           order by ejecutar, trabajoid
           limit 20
             for update skip locked`),
      );
      for (const job of jobs) await runRound(tx, job, at);
      return jobs.length;
    });
  }

  /** Takes the next due delivery no live worker holds, under a fresh lease. */
  async function claimDelivery(at: Date): Promise<ClaimedDelivery | null> {
    const lease = new Date(at.getTime() + leaseMs);
    const [claimed] = await database.query<{ trabajoid: number; carga: DeliveryPayload; intentos: number }>(sql`
      update sense.trabajo t set bloqueadohasta = ${timestamp(lease)}, intentos = t.intentos + 1
       where t.trabajoid = (
         select trabajoid from sense.trabajo
          where tipo = 'envio' and ejecutar <= ${timestamp(at)} and (bloqueadohasta is null or bloqueadohasta <= ${timestamp(at)})
          order by ejecutar, trabajoid
          limit 1
            for update skip locked)
      returning t.trabajoid, t.carga, t.intentos`);
    return claimed ? { ...claimed, lease } : null;
  }

  /**
   * Moves the lease forward while it is still ours; false when another worker took the delivery (our
   * lease had run out: the database or this process stalled longer than the lease).
   */
  async function renewLease(job: ClaimedDelivery): Promise<boolean> {
    const lease = new Date(now().getTime() + leaseMs);
    const renewed = await database.query(sql`
      update sense.trabajo set bloqueadohasta = ${timestamp(lease)}
       where trabajoid = ${job.trabajoid} and bloqueadohasta = ${timestamp(job.lease)} returning trabajoid`);
    if (renewed.length === 0) return false;
    job.lease = lease;
    return true;
  }

  /**
   * Writes the delivery's ledger row before the hand-over (the same transaction renews the lease, so
   * only its holder writes). Answers whether to hand it over: not when the lease was lost, nor when
   * the row was already marked (then the job is done and goes).
   */
  async function writeLedger(job: ClaimedDelivery): Promise<'send' | 'lost' | 'done'> {
    const delivery = job.carga;
    const lease = new Date(now().getTime() + leaseMs);
    return database.db.transaction(async (tx) => {
      const held = rowsOf(
        await tx.execute(sql`
          update sense.trabajo set bloqueadohasta = ${timestamp(lease)}
           where trabajoid = ${job.trabajoid} and bloqueadohasta = ${timestamp(job.lease)} returning trabajoid`),
      );
      if (held.length === 0) return 'lost';
      job.lease = lease;
      await tx.execute(sql`
        insert into sense.entrega (clave, contactoid, medio, destino, episodioid, alertaid, nivel, ronda)
        values (${delivery.clave}, ${delivery.contactoid}, ${delivery.medio}, ${delivery.destino}, ${delivery.episodioid},
                ${delivery.alertaid}, ${delivery.nivel}, ${delivery.ronda})
        on conflict (clave) do nothing`);
      const pending = rowsOf(
        await tx.execute(sql`
          update sense.entrega set entregas = entregas + 1 where clave = ${delivery.clave} and estado = 'pendiente' returning entregaid`),
      );
      if (pending.length > 0) return 'send';
      await tx.execute(sql`delete from sense.trabajo where trabajoid = ${job.trabajoid}`);
      return 'done';
    });
  }

  /** Hands the delivery to its carrier, renewing the lease every third of it until the carrier answers. */
  async function handOver(job: ClaimedDelivery): Promise<string | null> {
    const delivery = job.carga;
    let renewal: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewal = renewal
        .then(() => renewLease(job))
        .then((held) => {
          if (!held) logger.warn({ clave: delivery.clave }, 'delivery lease lost while sending: another worker may send the same message (same Message-ID)');
        })
        .catch((error: unknown) => logger.error({ err: error, clave: delivery.clave }, 'delivery lease not renewed'));
    }, Math.max(1, Math.floor(leaseMs / 3)));
    try {
      await carriers[delivery.medio].send({
        medium: delivery.medio,
        to: delivery.destino,
        subject: delivery.asunto,
        text: delivery.texto,
        language: delivery.idioma,
        key: delivery.clave,
      });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearInterval(timer);
      await renewal;
    }
  }

  async function runDelivery(job: ClaimedDelivery, summary: RunSummary): Promise<void> {
    const delivery = job.carga;
    const ledger = await writeLedger(job);
    if (ledger === 'done') summary.skipped += 1;
    if (ledger !== 'send') return;
    const failure = await handOver(job);
    const handedAt = now();
    if (failure === null || job.intentos >= maxAttempts) {
      const statusid = failure === null ? 1 : 0;
      // Marked by whoever handed it over, lease or not (the carrier has it): the first mark wins,
      // and only it writes the report's row.
      const marked = await database.db.transaction(async (tx) => {
        const rows = rowsOf<{ entregaid: number }>(
          await tx.execute(sql`
            update sense.entrega set estado = ${failure === null ? 'enviado' : 'fallido'}, fecha = ${timestamp(handedAt)}, error = ${failure}
             where clave = ${delivery.clave} and estado = 'pendiente' returning entregaid`),
        );
        await tx.execute(sql`delete from sense.trabajo where trabajoid = ${job.trabajoid}`);
        const [row] = rows;
        if (!row) return false;
        await tx.execute(sql`
          insert into sense.mensaje (contactoid, alertaid, episodioid, mensaje, fecha, statusid, error, entregaid, empresaid)
          values (${delivery.contactoid}, ${delivery.alertaid}, ${delivery.episodioid}, ${delivery.texto},
                  ${timestamp(handedAt)}, ${statusid}, ${failure}, ${row.entregaid},
                  (select empresaid from sense.episodio where episodioid = ${delivery.episodioid}))`);
        return true;
      });
      if (marked) options.onEvent?.({ type: 'messages', episodioid: delivery.episodioid, sent: statusid, failed: 1 - statusid });
      if (statusid === 1) summary.sent += 1;
      else {
        summary.failed += 1;
        logger.error({ medium: delivery.medio, contactoid: delivery.contactoid, attempts: job.intentos, err: failure }, 'notification failed');
      }
    } else {
      summary.retried += 1;
      const retryAt = new Date(handedAt.getTime() + retryBaseMs * 2 ** (job.intentos - 1));
      logger.warn({ medium: delivery.medio, contactoid: delivery.contactoid, attempts: job.intentos, err: failure }, 'notification will be retried');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update sense.entrega set error = ${failure} where clave = ${delivery.clave} and estado = 'pendiente'`);
        await tx.execute(sql`
          update sense.trabajo set bloqueadohasta = null, ejecutar = ${timestamp(retryAt)}, ultimoerror = ${failure}
           where trabajoid = ${job.trabajoid} and bloqueadohasta = ${timestamp(job.lease)}`);
      });
    }
  }

  /** Due deliveries, one at a time (a batch under one lease outlived it behind a slow carrier), at most 20 a pass. */
  async function runDeliveries(summary: RunSummary): Promise<number> {
    let count = 0;
    for (; count < 20; count += 1) {
      const job = await claimDelivery(now());
      if (!job) break;
      await runDelivery(job, summary);
    }
    return count;
  }

  async function runDue(): Promise<RunSummary> {
    const summary: RunSummary = { rounds: 0, sent: 0, failed: 0, retried: 0, skipped: 0, silentOpened: 0 };
    const silentNodes = await openSilentEpisodes(database, now(), watchingSince);
    summary.silentOpened = silentNodes.length;
    if (silentNodes.length > 0) options.onEvent?.({ type: 'episodes', opened: silentNodes.length, nodes: silentNodes });
    for (let pass = 0; pass < 1000; pass += 1) {
      const at = now();
      const rounds = await runRounds(at);
      summary.rounds += rounds;
      const deliveries = await runDeliveries(summary);
      if (rounds === 0 && deliveries === 0) break;
    }
    return summary;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let again = false;
  let stopped = true;
  const tick = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = runDue()
      .catch((error: unknown) => logger.error({ err: error }, 'notifier run failed'))
      .finally(() => {
        busy = false;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, pollIntervalMs);
      timer.unref();
      tick();
    },
    wake: tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      for (const carrier of Object.values(carriers)) carrier.close?.();
    },
  };
}
