/**
 * The ingest service (alarms.md, "Readings come in" and "Thresholds are evaluated"): stores a
 * batch of readings in one transaction with the alerts they cause, the episodes they open or
 * close, and the latest value of each probe metric. Both ingest paths (HTTP and MQTT) end here.
 */
import { randomInt } from 'node:crypto';
import { radioProbeStatements, sqlState } from '@camposense/db';
import type { Database, RadioProbeNode } from '@camposense/db';
import type { UmbralRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { evaluateThresholds } from '@camposense/server-alarms';
import type { ActiveThreshold, EvaluatedReading, OpenEpisode, ProbeReading } from '@camposense/server-alarms';
import { scheduleFirstRounds } from '@camposense/server-notify';
import { numberArray, textArray } from '@camposense/db';
import { HEALTH_METRICS } from '@camposense/domain';

/** One reading as a sender names it: the node by DevEUI or id, the metric by id or abbreviation. */
export interface IngestReading {
  deveui?: string | undefined;
  nodoid?: number | undefined;
  /** The probe's type id, or its name (`tipo`); optional when the node has one probe. */
  tipoid?: number | undefined;
  tipo?: string | undefined;
  metricaid?: number | undefined;
  metricaabrev?: string | undefined;
  /** ISO 8601 text or a Date. */
  fecha: string | Date;
  medicion: unknown;
}

/** The radio's view of one uplink (ChirpStack `rxInfo[]`, `fCnt`): the best gateway and the frame counter. */
export interface IngestReception {
  deveui: string;
  /** The uplink's time (its readings' `fecha`). */
  fecha: string;
  fcnt: number;
  rssi: number;
  snr: number;
  gatewayId: string;
}

/** A device status event (ChirpStack `event/status`). */
export interface IngestStatus {
  deveui: string;
  fecha: string;
  /** Percent; null when the device cannot measure it. */
  nivelbateria: number | null;
  margen: number | null;
  externa: boolean;
}

/** What else a batch carries besides readings: the uplinks' radio view and status events. */
export interface IngestExtras {
  receptions?: readonly IngestReception[];
  statuses?: readonly IngestStatus[];
}

/** How the receptions or status events of a batch went; `rejected` indexes them. */
export interface IngestEventsResult {
  accepted: number;
  duplicates: number;
  rejected: Rejection[];
}

export type RejectionCode =
  | 'INVALID_READING'
  | 'UNKNOWN_NODE'
  | 'UNKNOWN_PROBE'
  | 'AMBIGUOUS_PROBE'
  | 'UNKNOWN_METRIC'
  | 'NO_PLACEMENT'
  | 'INVALID_VALUE'
  | 'INVALID_DATE'
  | 'FUTURE_DATE'
  | 'TOO_OLD';

export interface Rejection {
  /** The reading's position in the batch. */
  index: number;
  code: RejectionCode;
  message: string;
}

/** What was stored: a new alert, with its episode. */
export interface StoredAlert {
  alertaid: number;
  episodioid: number;
  umbralid: number;
  medicionid: number;
  statusid: number;
  /** True for the first alert of an episode opened by this batch. */
  opensEpisode: boolean;
}

export interface StoredReading {
  medicionid: number;
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
  fecha: Date;
  medicion: number;
}

/** The sender's readings: the health readings of its receptions and status events are counted there, not here. */
export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: Rejection[];
}

/** What a committed batch did, for the notifier and the live stream. */
export interface IngestCommit {
  readings: StoredReading[];
  alerts: StoredAlert[];
  /** Episodes this batch closed (a reading back inside the band). */
  closedEpisodes: number[];
  /** Thresholds whose active alerts without an episode this batch closed (alerts older than episodes). */
  settledThresholds: number[];
  /** Nodes with an uplink's radio view or a status event new in this batch (their map state and health panel changed). */
  radioNodes: number[];
}

export interface IngestServiceOptions {
  /** The service's clock, for the date bounds and the late rule. @default () => new Date() */
  now?: () => Date;
  /** INGEST_MAX_FUTURE_SECONDS: a reading dated further ahead of the clock is refused (FUTURE_DATE). @default 300 */
  maxFutureSeconds?: number;
  /** INGEST_MAX_AGE_DAYS: a reading older than this is refused (TOO_OLD), as is one before 2000. @default 400 */
  maxAgeDays?: number;
  /** Tries of a batch whose transaction lost a deadlock or a serialization conflict. @default 4 */
  transactionAttempts?: number;
  /** Called after each batch that stored something commits (never inside the transaction). */
  onCommit?: (commit: IngestCommit) => void;
}

export interface IngestService {
  /**
   * Readings, and the extras of the same uplinks and status events, in one transaction. The radio
   * view and battery level also become readings of the node's health metrics (HEALTH_METRICS), of
   * the node's probe reporting them: a placed, active node heard without one is given its radio
   * probe first (radioProbeStatements); a node without a placement keeps only the events.
   */
  ingest(
    readings: readonly IngestReading[],
    extras?: IngestExtras,
  ): Promise<IngestResult & { commit: IngestCommit; receptions: IngestEventsResult; statuses: IngestEventsResult }>;
}

export const DEFAULT_MAX_FUTURE_SECONDS = 300;
export const DEFAULT_MAX_AGE_DAYS = 400;
/** No reading of this product predates it: an earlier date is a device's unset clock. */
const EARLIEST_READING_MS = Date.UTC(2000, 0, 1);
const DEFAULT_TRANSACTION_ATTEMPTS = 4;
/** SQLSTATEs after which the same batch, tried again, can succeed: deadlock_detected, serialization_failure. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/**
 * A batch that lost every try to a deadlock or serialization conflict: nothing of it was stored,
 * and the sender may send it again (HTTP answers 503 with Retry-After).
 */
export class IngestBusyError extends Error {
  readonly retryAfterSeconds = 1;
  constructor(readonly sqlState: string, options?: { cause?: unknown }) {
    super(`ingest: the batch lost every try to a conflict (${sqlState})`, options);
    this.name = 'IngestBusyError';
  }
}

const MESSAGES: Record<RejectionCode, string> = {
  INVALID_READING: 'La lectura no tiene la forma esperada',
  UNKNOWN_NODE: 'El nodo no existe',
  UNKNOWN_PROBE: 'El nodo no tiene esa sonda',
  AMBIGUOUS_PROBE: 'El nodo tiene varias sondas: indique tipoid o tipo',
  UNKNOWN_METRIC: 'La sonda no mide esa métrica',
  NO_PLACEMENT: 'El nodo no tiene una localización activa',
  INVALID_VALUE: 'El valor no es un número finito',
  INVALID_DATE: 'La fecha no es válida',
  FUTURE_DATE: 'La fecha está adelantada respecto del reloj del servidor',
  TOO_OLD: 'La fecha es demasiado antigua',
};

interface ProbeMetric {
  tipoid: number;
  tipo: string;
  metricaid: number;
  metricaabrev: string | null;
}

interface NodeCatalogue {
  nodoid: number;
  active: boolean;
  ubicacionid: number | null;
  /** The entity of the active placement. */
  entidadid: number | null;
  probes: ProbeMetric[];
}

interface CatalogueRow {
  nodoid: number;
  deveui: string | null;
  active: boolean;
  ubicacionid: number | null;
  entidadid: number | null;
  tipoid: number | null;
  tipo: string | null;
  metricaid: number | null;
  metricaabrev: string | null;
}

type Transaction = { execute(statement: SQL): Promise<unknown> };

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A PostgreSQL array literal of numbers, one text parameter (cheaper than thousands of them). */
const DEVEUI = /^[0-9a-f]{16}$/;

function positiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
}

/** The nodes a batch names, with their probes, metrics and active placement: one query. */
async function loadCatalogue(
  tx: Transaction,
  deveuis: readonly string[],
  nodoids: readonly number[],
): Promise<{ byDeveui: Map<string, NodeCatalogue>; byId: Map<number, NodeCatalogue> }> {
  const rows = rowsOf<CatalogueRow>(
    await tx.execute(sql`
      select n.nodoid, lower(n.deveui) as deveui, n.statusid = 1 as active, l.ubicacionid, l.entidadid,
             ms.tipoid, t.tipo, ms.metricaid, m.metricaabrev
        from sense.nodo n
        left join lateral (
          select lo.ubicacionid, lo.entidadid from sense.localizacion lo
           where lo.nodoid = n.nodoid and lo.statusid = 1
           order by lo.datemodified desc nulls last, lo.entidadid, lo.ubicacionid
           limit 1) l on true
        left join sense.metricasensor ms on ms.nodoid = n.nodoid
        left join sense.tipo t on t.tipoid = ms.tipoid
        left join sense.metrica m on m.metricaid = ms.metricaid
       where lower(n.deveui) = any(${textArray(deveuis)}::text[]) or n.nodoid = any(${numberArray(nodoids)}::int[])`),
  );
  const byId = new Map<number, NodeCatalogue>();
  const byDeveui = new Map<string, NodeCatalogue>();
  for (const row of rows) {
    let node = byId.get(row.nodoid);
    if (!node) {
      node = { nodoid: row.nodoid, active: row.active, ubicacionid: row.ubicacionid, entidadid: row.entidadid, probes: [] };
      byId.set(row.nodoid, node);
      if (row.deveui) byDeveui.set(row.deveui, node);
    }
    if (row.tipoid !== null && row.metricaid !== null) {
      node.probes.push({
        tipoid: row.tipoid,
        tipo: row.tipo ?? '',
        metricaid: row.metricaid,
        metricaabrev: row.metricaabrev,
      });
    }
  }
  return { byDeveui, byId };
}

/** A reading of the batch (its `index` there) resolved to its probe and place, not yet stored. */
interface Resolved extends ProbeReading {
  index: number;
}

function parseDate(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string' || value.length > 40) return null;
  // ISO 8601 with a time; Date.parse alone would also take "1" or "March 7".
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.exec(value);
  if (!parts) return null;
  // Date.parse rolls an impossible day over ("02-30" is 2 March): the fields must name a real instant.
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 7].map((group) => Number(parts[group] ?? 0)) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function resolveReading(
  reading: IngestReading,
  index: number,
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>,
  bounds: { earliestMs: number; latestMs: number },
): Resolved | Rejection {
  const reject = (code: RejectionCode, message = MESSAGES[code]): Rejection => ({ index, code, message });
  const node =
    reading.deveui !== undefined ? catalogue.byDeveui.get(reading.deveui.toLowerCase()) : catalogue.byId.get(reading.nodoid ?? -1);
  if (!node) return reject('UNKNOWN_NODE');
  const fechaMs = parseDate(reading.fecha);
  if (fechaMs === null) return reject('INVALID_DATE');
  if (fechaMs > bounds.latestMs) return reject('FUTURE_DATE');
  if (fechaMs < bounds.earliestMs) return reject('TOO_OLD');
  if (typeof reading.medicion !== 'number' || !Number.isFinite(reading.medicion)) return reject('INVALID_VALUE');

  let probes = node.probes;
  if (reading.tipoid !== undefined) probes = probes.filter((probe) => probe.tipoid === reading.tipoid);
  else if (reading.tipo !== undefined) {
    const name = reading.tipo.toLowerCase();
    probes = probes.filter((probe) => probe.tipo.toLowerCase() === name || String(probe.tipoid) === reading.tipo);
  }
  if (probes.length === 0) return reject(node.probes.length === 0 ? 'UNKNOWN_PROBE' : 'UNKNOWN_PROBE');
  const abbreviation = reading.metricaabrev?.toLowerCase();
  const metrics = probes.filter((probe) =>
    reading.metricaid !== undefined ? probe.metricaid === reading.metricaid : probe.metricaabrev?.toLowerCase() === abbreviation,
  );
  if (metrics.length === 0) return reject('UNKNOWN_METRIC');
  const tipoids = new Set(metrics.map((metric) => metric.tipoid));
  if (tipoids.size > 1) return reject('AMBIGUOUS_PROBE');
  const [metric] = metrics;
  if (!metric) return reject('UNKNOWN_METRIC');
  if (node.ubicacionid === null) return reject('NO_PLACEMENT');
  return {
    index,
    nodoid: node.nodoid,
    tipoid: metric.tipoid,
    metricaid: metric.metricaid,
    ubicacionid: node.ubicacionid,
    fechaMs,
    medicion: reading.medicion,
  };
}

function probeKey(reading: { nodoid: number; tipoid: number; metricaid: number }): string {
  return `${reading.nodoid}:${reading.tipoid}:${reading.metricaid}`;
}

/** The order of sense.ultimamedicion's key (nodoid, tipoid, metricaid). */
function compareProbeKeys(left: { nodoid: number; tipoid: number; metricaid: number }, right: { nodoid: number; tipoid: number; metricaid: number }): number {
  return left.nodoid - right.nodoid || left.tipoid - right.tipoid || left.metricaid - right.metricaid;
}

/** The order of sense.medicion's unique key (nodoid, metricaid, fecha, tipoid). */
/** Of a batch with health readings (candidates from `senderCount` on): the sender's readings offered for storing, and those stored. */
function sendersShare(valid: readonly Resolved[], stored: readonly StoredReading[], senderCount: number): { accepted: number; offered: number } {
  const indexOf = new Map(valid.map((reading) => [`${probeKey(reading)}:${reading.fechaMs}`, reading.index]));
  return {
    accepted: stored.filter((reading) => (indexOf.get(`${probeKey(reading)}:${reading.fecha.getTime()}`) ?? senderCount) < senderCount).length,
    offered: valid.filter((reading) => reading.index < senderCount).length,
  };
}

function compareReadingKeys(left: Resolved, right: Resolved): number {
  return left.nodoid - right.nodoid || left.metricaid - right.metricaid || left.fechaMs - right.fechaMs || left.tipoid - right.tipoid;
}

interface InsertedRow {
  medicionid: number;
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
  fecha: Date | string;
  medicion: number;
}

async function insertReadings(tx: Transaction, readings: readonly Resolved[]): Promise<StoredReading[]> {
  if (readings.length === 0) return [];
  const inserted = rowsOf<InsertedRow>(
    await tx.execute(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      select to_timestamp(r.epoch), r.medicion, r.nodoid, r.tipoid, r.metricaid, r.ubicacionid
        from unnest(
          ${numberArray(readings.map((reading) => reading.fechaMs / 1000))}::float8[],
          ${numberArray(readings.map((reading) => reading.medicion))}::float8[],
          ${numberArray(readings.map((reading) => reading.nodoid))}::int[],
          ${numberArray(readings.map((reading) => reading.tipoid))}::int[],
          ${numberArray(readings.map((reading) => reading.metricaid))}::int[],
          ${numberArray(readings.map((reading) => reading.ubicacionid))}::int[]
        ) as r(epoch, medicion, nodoid, tipoid, metricaid, ubicacionid)
      on conflict (nodoid, metricaid, fecha, tipoid) do nothing
      returning medicionid, nodoid, tipoid, metricaid, ubicacionid, fecha, medicion`),
  );
  return inserted.map((row) => ({ ...row, fecha: new Date(row.fecha) }));
}

interface LatestRow {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  fecha: Date | string | null;
}

/**
 * The newest reading of each probe metric the batch stored, at or before the clock and not of the
 * batch: the batch's readings older than it are late arrivals, stored and alerted but they neither
 * open nor close an episode. A reading dated ahead of the clock (stored by a version that took
 * dates up to a day ahead, listed in sense.medicionadelantada, or one within the few minutes still
 * taken) is not "the newest" until the clock reaches it, so it cannot make a current breach late.
 * The latest value answers at once unless it is ahead of the clock; then the probe's readings do.
 * The latest-value rows are locked in key order (one order for every batch: no deadlock).
 */
async function latestBefore(tx: Transaction, readings: readonly StoredReading[], nowMs: number): Promise<Map<string, number>> {
  const keys = [...new Map(readings.map((reading) => [probeKey(reading), reading])).values()];
  const rows = rowsOf<LatestRow>(
    await tx.execute(sql`
      select u.nodoid, u.tipoid, u.metricaid,
             case when u.fecha <= to_timestamp(${nowMs / 1000}::float8) then u.fecha
                  else (select max(m.fecha) from sense.medicion m
                         where m.nodoid = u.nodoid and m.metricaid = u.metricaid and m.tipoid = u.tipoid
                           and m.fecha <= to_timestamp(${nowMs / 1000}::float8)
                           and m.medicionid <> all(${numberArray(readings.map((reading) => reading.medicionid))}::bigint[]))
             end as fecha
        from sense.ultimamedicion u
        join unnest(${numberArray(keys.map((key) => key.nodoid))}::int[], ${numberArray(keys.map((key) => key.tipoid))}::int[],
                    ${numberArray(keys.map((key) => key.metricaid))}::int[]) as k(nodoid, tipoid, metricaid)
          on k.nodoid = u.nodoid and k.tipoid = u.tipoid and k.metricaid = u.metricaid
       order by u.nodoid, u.tipoid, u.metricaid
       for update of u`),
  );
  return new Map(rows.flatMap((row) => (row.fecha === null ? [] : [[probeKey(row), new Date(row.fecha).getTime()] as const])));
}

async function upsertLatest(tx: Transaction, readings: readonly StoredReading[]): Promise<void> {
  const latest = new Map<string, StoredReading>();
  for (const reading of readings) {
    const key = probeKey(reading);
    const current = latest.get(key);
    if (!current || reading.fecha.getTime() > current.fecha.getTime()) latest.set(key, reading);
  }
  // In key order, as every batch writes them: two batches never wait on each other crosswise.
  const rows = [...latest.values()].sort(compareProbeKeys);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into sense.ultimamedicion (nodoid, tipoid, metricaid, medicionid, fecha, medicion, ubicacionid)
    select r.nodoid, r.tipoid, r.metricaid, r.medicionid, to_timestamp(r.epoch), r.medicion, r.ubicacionid
      from unnest(
        ${numberArray(rows.map((row) => row.nodoid))}::int[], ${numberArray(rows.map((row) => row.tipoid))}::int[],
        ${numberArray(rows.map((row) => row.metricaid))}::int[], ${numberArray(rows.map((row) => row.medicionid))}::bigint[],
        ${numberArray(rows.map((row) => row.fecha.getTime() / 1000))}::float8[],
        ${numberArray(rows.map((row) => row.medicion))}::float8[], ${numberArray(rows.map((row) => row.ubicacionid))}::int[]
      ) as r(nodoid, tipoid, metricaid, medicionid, epoch, medicion, ubicacionid)
    on conflict (nodoid, tipoid, metricaid) do update
      set medicionid = excluded.medicionid, fecha = excluded.fecha, medicion = excluded.medicion,
          ubicacionid = excluded.ubicacionid
      where excluded.fecha >= sense.ultimamedicion.fecha`);
}

interface ThresholdRow extends UmbralRow {
  episodioid: number | null;
  episodiostatusid: number | null;
}

/**
 * The thresholds the stored readings are evaluated against, each with its open episode: active, on
 * an active node, probe (sensor) and probe metric (metricasensor), where the node still stands
 * (an active placement in the threshold's location). The same rows whose change ends an episode
 * (migration 0016's triggers): a reading of a deactivated node, probe or metric is stored, but it
 * neither alerts nor opens an episode, so a change that ended one is not undone by the next
 * breaking reading.
 *
 * Two statements. The first locks the candidate thresholds in id order, so two batches of the same
 * probe (HTTP and MQTT at once) evaluate one after the other, and a batch waits for a change whose
 * trigger holds them. The second reads the statuses and the open episodes afterwards, with a
 * snapshot taken after the locks were granted: read in the locking statement, a node, probe or
 * placement deactivated by the transaction it waited for would still look active and its
 * just-closed episode still open (only the locked umbral rows are read again after a wait), and
 * the batch would alert into an episode that change had ended.
 */
async function loadThresholds(tx: Transaction, readings: readonly StoredReading[]): Promise<ThresholdRow[]> {
  const keys = [...new Map(readings.map((reading) => [`${probeKey(reading)}:${reading.ubicacionid}`, reading])).values()];
  const locked = rowsOf<{ umbralid: number }>(
    await tx.execute(sql`
      select u.umbralid
        from sense.umbral u
        join unnest(${numberArray(keys.map((key) => key.nodoid))}::int[], ${numberArray(keys.map((key) => key.tipoid))}::int[],
                    ${numberArray(keys.map((key) => key.metricaid))}::int[], ${numberArray(keys.map((key) => key.ubicacionid))}::int[])
             as k(nodoid, tipoid, metricaid, ubicacionid)
          on k.nodoid = u.nodoid and k.tipoid = u.tipoid and k.metricaid = u.metricaid and k.ubicacionid = u.ubicacionid
       where u.statusid = 1
       order by u.umbralid
       for update of u`),
  );
  if (locked.length === 0) return [];
  return rowsOf<ThresholdRow>(
    await tx.execute(sql`
      select u.umbralid, u.ubicacionid, u.nodoid, u.tipoid, u.metricaid, u.criticidadid, u.minimo, u.maximo,
             e.episodioid, e.statusid as episodiostatusid
        from sense.umbral u
        join sense.nodo n on n.nodoid = u.nodoid and n.statusid = 1
        join sense.sensor s on s.nodoid = u.nodoid and s.tipoid = u.tipoid and s.statusid = 1
        join sense.metricasensor ms on ms.nodoid = u.nodoid and ms.tipoid = u.tipoid and ms.metricaid = u.metricaid and ms.statusid = 1
        left join sense.episodio e on e.umbralid = u.umbralid and e.fechafin is null
       where u.umbralid = any(${numberArray(locked.map((row) => row.umbralid))}::int[]) and u.statusid = 1
         and exists (select 1 from sense.localizacion l
                      where l.nodoid = u.nodoid and l.ubicacionid = u.ubicacionid and l.statusid = 1)
       order by u.umbralid`),
  );
}

async function writeEvaluation(
  tx: Transaction,
  evaluation: ReturnType<typeof evaluateThresholds>,
  now: Date,
): Promise<StoredAlert[]> {
  // Episodes that were open before the batch and end in it: their active alerts close.
  if (evaluation.closedEpisodes.length > 0) {
    const ids = numberArray(evaluation.closedEpisodes.map((closed) => closed.episodioid));
    await tx.execute(sql`
      update sense.episodio e set fechafin = to_timestamp(c.epoch), statusid = 0
        from unnest(${ids}::bigint[], ${numberArray(evaluation.closedEpisodes.map((closed) => closed.fechafinMs / 1000))}::float8[])
             as c(episodioid, epoch)
       where e.episodioid = c.episodioid`);
    await tx.execute(sql`
      update sense.alerta a set statusid = 0
        from sense.episodio e
       where e.episodioid = any(${ids}::bigint[]) and a.umbralid = e.umbralid and a.statusid = 1`);
  }

  // New episodes, each identified by (umbralid, fechainicio) to map the ids back.
  const episodeIds = new Map<string, number>();
  if (evaluation.newEpisodes.length > 0) {
    const episodes = evaluation.newEpisodes;
    const created = rowsOf<{ episodioid: number; umbralid: number; epoch: number; open: boolean }>(
      await tx.execute(sql`
        insert into sense.episodio (tipo, umbralid, nodoid, criticidadid, fechainicio, fechafin, statusid, empresaid)
        select 'umbral', r.umbralid, r.nodoid, r.criticidadid, to_timestamp(r.inicio),
               case when r.fin is null then null else to_timestamp(r.fin) end, case when r.fin is null then 1 else 0 end,
               -- The company it opens under stays its own (issue 32): row-level security filters on it.
               (select f.empresaid from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
                  join sense.fundo f on f.fundoid = ub.fundoid where u.umbralid = r.umbralid)
          from unnest(
            ${numberArray(episodes.map((episode) => episode.umbralid))}::int[],
            ${numberArray(episodes.map((episode) => episode.nodoid))}::int[],
            ${numberArray(episodes.map((episode) => episode.criticidadid))}::int[],
            ${numberArray(episodes.map((episode) => episode.fechainicioMs / 1000))}::float8[],
            ${`{${episodes.map((episode) => (episode.fechafinMs === null ? 'NULL' : String(episode.fechafinMs / 1000))).join(',')}}`}::float8[]
          ) as r(umbralid, nodoid, criticidadid, inicio, fin)
        returning episodioid, umbralid, extract(epoch from fechainicio)::float8 as epoch, fechafin is null as open`),
    );
    for (const row of created) episodeIds.set(`${row.umbralid}:${Math.round(Number(row.epoch) * 1000)}`, row.episodioid);
    // The first message of each episode still open is due now (alarms.md, "When"): scheduled in
    // the reading's transaction, so no committed episode goes untold.
    await scheduleFirstRounds(tx, created.filter((row) => row.open).map((row) => row.episodioid), now);
  }

  if (evaluation.alerts.length === 0) return [];
  const alerts = evaluation.alerts.map((alert) => {
    const episodioid =
      alert.episode.kind === 'existing'
        ? alert.episode.episodioid
        : episodeIds.get(`${alert.umbralid}:${alert.episode.fechainicioMs}`);
    if (episodioid === undefined) throw new Error(`ingest: no episode for threshold ${alert.umbralid}`);
    return { ...alert, episodioid };
  });
  const inserted = rowsOf<{ alertaid: number; medicionid: number; umbralid: number }>(
    await tx.execute(sql`
      insert into sense.alerta (umbralid, medicionid, fecha, statusid, episodioid, reconocidopor, fechareconocido, notareconocido, empresaid)
      select r.umbralid, r.medicionid, to_timestamp(r.epoch), r.statusid, r.episodioid,
             e.reconocidopor, e.fechareconocido, e.notareconocido, e.empresaid
        from unnest(
          ${numberArray(alerts.map((alert) => alert.umbralid))}::int[],
          ${numberArray(alerts.map((alert) => alert.medicionid))}::bigint[],
          ${numberArray(alerts.map((alert) => alert.fechaMs / 1000))}::float8[],
          ${numberArray(alerts.map((alert) => alert.statusid))}::int[],
          ${numberArray(alerts.map((alert) => alert.episodioid))}::bigint[]
        ) with ordinality as r(umbralid, medicionid, epoch, statusid, episodioid, position)
        join sense.episodio e on e.episodioid = r.episodioid
       order by r.position
      returning alertaid, medicionid, umbralid`),
  );
  const idOf = new Map(inserted.map((row) => [`${row.umbralid}:${row.medicionid}`, row.alertaid]));
  return alerts.map((alert) => ({
    alertaid: idOf.get(`${alert.umbralid}:${alert.medicionid}`) ?? 0,
    episodioid: alert.episodioid,
    umbralid: alert.umbralid,
    medicionid: alert.medicionid,
    statusid: alert.statusid,
    opensEpisode: alert.opensEpisode,
  }));
}

/**
 * Alerts written before episodes were kept (the demo farm's) close like an episode's when their
 * threshold's reading is back inside the band. Answers the thresholds that had such alerts: most
 * batches close none, and then tell only of readings (see IngestCommit).
 */
async function settleAlertsWithoutEpisode(tx: Transaction, umbralids: readonly number[]): Promise<number[]> {
  if (umbralids.length === 0) return [];
  const settled = rowsOf<{ umbralid: number }>(
    await tx.execute(sql`
      update sense.alerta set statusid = 0
       where umbralid = any(${numberArray(umbralids)}::int[]) and statusid = 1 and episodioid is null
      returning umbralid`),
  );
  return [...new Set(settled.map((row) => row.umbralid))];
}

/** A reading of a node ends its open no-data episode (alarms.md, "Silent nodes"), at the reading's time. */
async function closeSilentEpisodes(tx: Transaction, readings: readonly StoredReading[]): Promise<number[]> {
  const first = new Map<number, number>();
  for (const reading of readings) {
    const time = reading.fecha.getTime();
    first.set(reading.nodoid, Math.min(first.get(reading.nodoid) ?? time, time));
  }
  const nodes = [...first.keys()].sort((left, right) => left - right);
  // Locked in id order before the update, whose join would take them in any order.
  const open = rowsOf<{ episodioid: number }>(
    await tx.execute(sql`
      select episodioid from sense.episodio
       where nodoid = any(${numberArray(nodes)}::int[]) and tipo = 'sindatos' and fechafin is null
       order by episodioid
       for update`),
  );
  if (open.length === 0) return [];
  const closed = rowsOf<{ episodioid: number }>(
    await tx.execute(sql`
      update sense.episodio e set fechafin = greatest(e.fechainicio, to_timestamp(r.epoch)), statusid = 0
        from unnest(${numberArray(nodes)}::int[], ${numberArray(nodes.map((nodoid) => (first.get(nodoid) ?? 0) / 1000))}::float8[])
             as r(nodoid, epoch)
       where e.episodioid = any(${numberArray(open.map((row) => row.episodioid))}::bigint[])
         and e.nodoid = r.nodoid and e.tipo = 'sindatos' and e.fechafin is null
      returning e.episodioid`),
  );
  return closed.map((row) => row.episodioid);
}

/** An event (reception or status) of a batch resolved to its node, not yet stored. */
interface ResolvedEvent<Event> {
  event: Event;
  nodoid: number;
  fechaMs: number;
}

/** The node and date of each event, or why it cannot be stored (the readings' codes and bounds). */
function resolveEvents<Event extends { deveui: string; fecha: string }>(
  events: readonly Event[],
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>,
  bounds: { earliestMs: number; latestMs: number },
): { resolved: Array<ResolvedEvent<Event>>; rejected: Rejection[] } {
  const resolved: Array<ResolvedEvent<Event>> = [];
  const rejected: Rejection[] = [];
  events.forEach((event, index) => {
    const node = catalogue.byDeveui.get(event.deveui.toLowerCase());
    const fechaMs = parseDate(event.fecha);
    const code: RejectionCode | null = !node
      ? 'UNKNOWN_NODE'
      : fechaMs === null
        ? 'INVALID_DATE'
        : fechaMs > bounds.latestMs
          ? 'FUTURE_DATE'
          : fechaMs < bounds.earliestMs
            ? 'TOO_OLD'
            : null;
    if (code !== null) rejected.push({ index, code, message: MESSAGES[code] });
    else if (node && fechaMs !== null) resolved.push({ event, nodoid: node.nodoid, fechaMs });
  });
  return { resolved, rejected };
}

/**
 * The uplinks' radio view, one statement with the batch (issue 33): in key order, so two batches
 * with uplinks in common take them in one order; a re-delivered uplink (same node, time and frame
 * counter) is a duplicate.
 */
async function insertReceptions(tx: Transaction, rows: Array<ResolvedEvent<IngestReception>>): Promise<number[]> {
  if (rows.length === 0) return [];
  rows.sort((left, right) => left.nodoid - right.nodoid || left.fechaMs - right.fechaMs || left.event.fcnt - right.event.fcnt);
  const inserted = rowsOf<{ nodoid: number }>(
    await tx.execute(sql`
      insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
      select r.nodoid, to_timestamp(r.epoch), r.fcnt, r.rssi, r.snr, r.pasarela
        from unnest(
          ${numberArray(rows.map((row) => row.nodoid))}::int[],
          ${numberArray(rows.map((row) => row.fechaMs / 1000))}::float8[],
          ${numberArray(rows.map((row) => row.event.fcnt))}::bigint[],
          ${numberArray(rows.map((row) => row.event.rssi))}::float8[],
          ${numberArray(rows.map((row) => row.event.snr))}::float8[],
          ${textArray(rows.map((row) => row.event.gatewayId))}::text[]
        ) as r(nodoid, epoch, fcnt, rssi, snr, pasarela)
      on conflict (nodoid, fecha, fcnt) do nothing
      returning nodoid`),
  );
  return inserted.map((row) => row.nodoid);
}

/** Device status events, in key order; a re-delivered one (same node and time) is a duplicate. Answers the stored rows' nodes. */
async function insertStatuses(tx: Transaction, rows: Array<ResolvedEvent<IngestStatus>>): Promise<number[]> {
  if (rows.length === 0) return [];
  rows.sort((left, right) => left.nodoid - right.nodoid || left.fechaMs - right.fechaMs);
  const optional = (values: Array<number | null>) => `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
  const inserted = rowsOf<{ nodoid: number }>(
    await tx.execute(sql`
      insert into sense.estadodispositivo (nodoid, fecha, nivelbateria, margen, alimentacionexterna)
      select r.nodoid, to_timestamp(r.epoch), r.nivel, r.margen, r.externa
        from unnest(
          ${numberArray(rows.map((row) => row.nodoid))}::int[],
          ${numberArray(rows.map((row) => row.fechaMs / 1000))}::float8[],
          ${optional(rows.map((row) => row.event.nivelbateria))}::float8[],
          ${optional(rows.map((row) => row.event.margen))}::int[],
          ${`{${rows.map((row) => String(row.event.externa)).join(',')}}`}::boolean[]
        ) as r(nodoid, epoch, nivel, margen, externa)
      on conflict (nodoid, fecha) do nothing
      returning nodoid`),
  );
  return inserted.map((row) => row.nodoid);
}

const HEALTH_ABBREVIATIONS = new Set<string>(Object.values(HEALTH_METRICS).map((abbreviation) => abbreviation.toLowerCase()));

/**
 * The nodes of a batch's events that need their radio probe: active, placed (a reading needs the
 * placement), and without a probe reporting any health metric (an operator's own radio probe, or
 * one given before, is kept as it is, even with a metric taken off).
 */
function nodesWithoutRadioProbe(
  events: ReadonlyArray<{ nodoid: number }>,
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>,
): RadioProbeNode[] {
  const nodes = new Map<number, RadioProbeNode>();
  for (const { nodoid } of events) {
    const node = catalogue.byId.get(nodoid);
    if (!node || nodes.has(nodoid) || !node.active || node.ubicacionid === null || node.entidadid === null) continue;
    if (node.probes.some((probe) => HEALTH_ABBREVIATIONS.has(probe.metricaabrev?.toLowerCase() ?? ''))) continue;
    nodes.set(nodoid, { nodoid, entidadid: node.entidadid });
  }
  return [...nodes.values()];
}

/** The health readings of a batch's extras (HEALTH_METRICS): RSSI and SNR per uplink, battery per status. */
function healthReadings(extras: IngestExtras): IngestReading[] {
  return [
    ...(extras.receptions ?? []).flatMap((reception) => [
      { deveui: reception.deveui, metricaabrev: HEALTH_METRICS.rssi, fecha: reception.fecha, medicion: reception.rssi },
      { deveui: reception.deveui, metricaabrev: HEALTH_METRICS.snr, fecha: reception.fecha, medicion: reception.snr },
    ]),
    ...(extras.statuses ?? []).flatMap((status) =>
      status.nivelbateria === null ? [] : [{ deveui: status.deveui, metricaabrev: HEALTH_METRICS.bateria, fecha: status.fecha, medicion: status.nivelbateria }],
    ),
  ];
}

/** A pause of 10–40 ms, doubling per try, jittered so two batches that collided do not collide again. */
function backoff(attempt: number): Promise<void> {
  const ceiling = 20 * 2 ** attempt;
  return new Promise((resolve) => setTimeout(resolve, ceiling / 2 + randomInt(ceiling / 2 + 1)));
}

export function createIngestService(database: Database, options: IngestServiceOptions = {}): IngestService {
  const now = options.now ?? (() => new Date());
  const maxFutureMs = (options.maxFutureSeconds ?? DEFAULT_MAX_FUTURE_SECONDS) * 1000;
  const maxAgeMs = (options.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS) * 86_400_000;
  const attempts = Math.max(1, options.transactionAttempts ?? DEFAULT_TRANSACTION_ATTEMPTS);

  /** The batch in one transaction: what it stored and what it refused once it knew the nodes. */
  const store = (
    candidates: ReadonlyArray<{ reading: IngestReading; index: number }>,
    extras: IngestExtras,
    deveuis: string[],
    nodoids: number[],
    nowMs: number,
    /** Candidates at an index below it are the sender's; the rest are the extras' health readings. */
    senderCount: number,
  ) =>
    database.db.transaction(async (tx) => {
      const rejected: Rejection[] = [];
      const receptions = extras.receptions ?? [];
      const statuses = extras.statuses ?? [];
      let catalogue =
        candidates.length + receptions.length + statuses.length > 0 ? await loadCatalogue(tx, deveuis, nodoids) : { byDeveui: new Map(), byId: new Map() };
      const bounds = { earliestMs: Math.max(EARLIEST_READING_MS, nowMs - maxAgeMs), latestMs: nowMs + maxFutureMs };
      const radio = resolveEvents(receptions, catalogue, bounds);
      const status = resolveEvents(statuses, catalogue, bounds);
      // The batch's first writes: the probes it needs, so their rows are taken before any other.
      const unprovided = nodesWithoutRadioProbe([...radio.resolved, ...status.resolved], catalogue);
      if (unprovided.length > 0) {
        for (const statement of radioProbeStatements(unprovided)) await tx.execute(statement);
        catalogue = await loadCatalogue(tx, deveuis, nodoids);
      }
      const receptionNodes = await insertReceptions(tx, radio.resolved);
      const statusNodes = await insertStatuses(tx, status.resolved);
      const radioNodes = [...new Set([...receptionNodes, ...statusNodes])].sort((left, right) => left - right);
      const events = {
        receptions: { accepted: receptionNodes.length, duplicates: radio.resolved.length - receptionNodes.length, rejected: radio.rejected },
        statuses: { accepted: statusNodes.length, duplicates: status.resolved.length - statusNodes.length, rejected: status.rejected },
      };
      const valid: Resolved[] = [];
      const seen = new Set<string>();
      let duplicates = 0;
      for (const { reading, index } of candidates) {
        const resolved = resolveReading(reading, index, catalogue, bounds);
        if ('code' in resolved) {
          rejected.push(resolved);
          continue;
        }
        // A second copy inside the batch is a duplicate too.
        const key = `${probeKey(resolved)}:${resolved.fechaMs}`;
        if (seen.has(key)) {
          if (index < senderCount) duplicates += 1;
          continue;
        }
        seen.add(key);
        valid.push(resolved);
      }
      // Inserted in the order of the readings' unique key: two batches with readings in common
      // take them in the same order, so one waits for the other instead of each for the other.
      valid.sort(compareReadingKeys);
      const stored = await insertReadings(tx, valid);
      // The sender is answered for its own readings; the health readings are its events' business.
      // Most batches carry none, and then every stored reading is the sender's.
      const { accepted, offered } =
        candidates.length > senderCount ? sendersShare(valid, stored, senderCount) : { accepted: stored.length, offered: valid.length };
      duplicates += offered - accepted;
      if (stored.length === 0) return { rejected, stored, accepted, duplicates, alerts: [] as StoredAlert[], closedEpisodes: [] as number[], settledThresholds: [] as number[], radioNodes, events };

      const thresholds = await loadThresholds(tx, stored);
      const latest = await latestBefore(tx, stored, nowMs);
      const evaluation = evaluateThresholds(
        stored.map<EvaluatedReading>((reading) => ({
          medicionid: reading.medicionid,
          nodoid: reading.nodoid,
          tipoid: reading.tipoid,
          metricaid: reading.metricaid,
          ubicacionid: reading.ubicacionid,
          fechaMs: reading.fecha.getTime(),
          medicion: reading.medicion,
          lateArrival: reading.fecha.getTime() <= (latest.get(probeKey(reading)) ?? Number.NEGATIVE_INFINITY),
        })),
        thresholds.map<ActiveThreshold>((row) => ({
          umbralid: row.umbralid,
          ubicacionid: row.ubicacionid,
          nodoid: row.nodoid,
          tipoid: row.tipoid,
          metricaid: row.metricaid,
          criticidadid: row.criticidadid,
          minimo: row.minimo,
          maximo: row.maximo,
          open:
            row.episodioid === null
              ? null
              : ({ episodioid: row.episodioid, acknowledged: row.episodiostatusid === -1 } satisfies OpenEpisode),
        })),
      );
      const settledThresholds = await settleAlertsWithoutEpisode(tx, evaluation.settledWithoutEpisode);
      const alerts = await writeEvaluation(tx, evaluation, new Date(nowMs));
      await upsertLatest(tx, stored);
      const silentEnded = await closeSilentEpisodes(tx, stored);
      return {
        rejected,
        stored,
        accepted,
        duplicates,
        alerts,
        closedEpisodes: [...evaluation.closedEpisodes.map((closed) => closed.episodioid), ...silentEnded],
        settledThresholds,
        radioNodes,
        events,
      };
    });

  return {
    async ingest(given, extras = {}) {
      // The health readings follow the sender's: their rejections (a node without a placement, or
      // one whose radio probe an operator took off) are nobody's business, so only those of the
      // sender's readings are answered.
      const health = healthReadings(extras);
      const readings = health.length === 0 ? given : [...given, ...health];
      const rejected: Rejection[] = [];
      const candidates: Array<{ reading: IngestReading; index: number }> = [];
      readings.forEach((reading, index) => {
        const named =
          (typeof reading.deveui === 'string' && DEVEUI.test(reading.deveui.toLowerCase())) ||
          (reading.deveui === undefined && positiveInteger(reading.nodoid));
        if (!named) rejected.push({ index, code: 'UNKNOWN_NODE', message: MESSAGES.UNKNOWN_NODE });
        else candidates.push({ reading, index });
      });
      const deveuis = [...new Set(candidates.flatMap(({ reading }) => (reading.deveui ? [reading.deveui.toLowerCase()] : [])))];
      for (const event of [...(extras.receptions ?? []), ...(extras.statuses ?? [])]) deveuis.push(event.deveui.toLowerCase());
      const nodoids = [...new Set(candidates.flatMap(({ reading }) => (reading.nodoid !== undefined ? [reading.nodoid] : [])))];

      // A deadlock or serialization failure rolled the whole batch back: the same batch is tried
      // again, a few times, before the sender is told to come back later.
      let outcome: Awaited<ReturnType<typeof store>>;
      for (let attempt = 1; ; attempt += 1) {
        try {
          outcome = await store(candidates, extras, [...new Set(deveuis)], nodoids, now().getTime(), given.length);
          break;
        } catch (error) {
          const state = sqlState(error);
          if (state === undefined || !RETRYABLE_STATES.has(state)) throw error;
          if (attempt >= attempts) throw new IngestBusyError(state, { cause: error });
          await backoff(attempt);
        }
      }

      rejected.push(...outcome.rejected);
      const answered = rejected.filter((rejection) => rejection.index < given.length);
      answered.sort((left, right) => left.index - right.index);
      const commit: IngestCommit = {
        readings: outcome.stored,
        alerts: outcome.alerts,
        closedEpisodes: outcome.closedEpisodes,
        settledThresholds: outcome.settledThresholds,
        radioNodes: outcome.radioNodes,
      };
      if (outcome.stored.length > 0 || outcome.radioNodes.length > 0) options.onCommit?.(commit);
      return { accepted: outcome.accepted, duplicates: outcome.duplicates, rejected: answered, commit, ...outcome.events };
    },
  };
}
