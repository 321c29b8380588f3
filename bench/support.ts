// What every benchmark shares: its own database, the statistics it prints, a timer, the demo
// admin's sign-in and the HTTP-versus-SQL timing loop.
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, MEMORY_DATA_DIR, RADIO_PROBE_TIPO, type Database } from '@camposense/db';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';

export interface Stats {
  median: number;
  p95: number;
  p99: number;
  max: number;
}

export interface BenchDatabaseOptions {
  /** The database created on the server for this benchmark (dropped first unless reused). */
  name: string;
  /** Keep the database of an earlier run when it exists. @default false */
  reuse?: boolean;
}

/**
 * PostgreSQL (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, in a database of the benchmark's
 * own) or, with no server given, an in-memory PGlite.
 */
export async function openBenchDatabase({ name, reuse = false }: BenchDatabaseOptions): Promise<{ database: Database; label: string }> {
  const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  if (!serverUrl) return { database: await createDatabase({ dataDir: MEMORY_DATA_DIR }), label: 'pglite (memoria)' };
  // The name is a constant of the calling benchmark, never input: it is safe in the statement.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!reuse || exists.rowCount === 0) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { database: await createDatabase({ databaseUrl: url.toString() }), label: `postgres (${name})` };
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  const rank = (fraction: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;
  return { median, p95: rank(0.95), p99: rank(0.99), max: sorted.at(-1)! };
}

/** Milliseconds `work` took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Signs the demo admin in over HTTP; answers the bearer token. */
export async function signInAdmin(address: string, email = DEMO_USERS.find((user) => user.rol === 'admin')!.login): Promise<string> {
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return ((await login.json()) as { session: { access_token: string } }).session.access_token;
}

// One kept-alive connection pool for every timed call: the client's own cost (a new TCP
// connection, or fetch's stream machinery, ~0.4 ms a call on Node 20) is not the server's.
const keepAliveAgent = new Agent({ keepAlive: true });

/** A request over a kept-alive loopback connection; answers status and body. */
export function httpRequest(
  address: string,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(`${address}${path}`, { agent: keepAliveAgent, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** A GET over a kept-alive loopback connection; answers status and body. */
export const httpGet = (address: string, path: string, headers: Record<string, string> = {}) => httpRequest(address, path, { headers });

/** A GET over HTTP with the bearer token that throws on any status but 2xx; answers the body. */
export function httpCall(address: string, url: string, token: string): () => Promise<string> {
  return async () => {
    const { status, body } = await httpGet(address, url, { authorization: `Bearer ${token}` });
    if (status < 200 || status > 299) throw new Error(`${url}: ${status} ${body}`);
    return body;
  };
}

export interface Comparison {
  /** The measured side (the API over HTTP). */
  measured: Stats;
  /** The reference side (the bare SQL it runs). */
  reference: Stats;
  /** measured.median / reference.median. */
  ratio: number;
}

/**
 * Times `measured` and `reference` in alternation, so both see the same machine and caches:
 * `warmup` untimed rounds, then `runs` timed ones.
 */
export async function compareTimings(
  measured: () => Promise<unknown>,
  reference: () => Promise<unknown>,
  { runs, warmup }: { runs: number; warmup: number },
): Promise<Comparison> {
  for (let run = 0; run < warmup; run += 1) {
    await measured();
    await reference();
  }
  const measuredSamples: number[] = [];
  const referenceSamples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    measuredSamples.push(await timed(measured));
    referenceSamples.push(await timed(reference));
  }
  const measuredStats = stats(measuredSamples);
  const referenceStats = stats(referenceSamples);
  return { measured: measuredStats, reference: referenceStats, ratio: measuredStats.median / referenceStats.median };
}

/**
 * Writes a benchmark's results as JSON with what every results file carries first: when, on which
 * database, Node and cores, and the 1-minute load average as the runs ended (other work on the
 * machine skews the times).
 */
export function writeBenchResults(file: string, database: string, results: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true });
  const header = { generatedAt: new Date().toISOString(), database, node: process.version, cpus: cpus().length, loadAverage: loadavg()[0] };
  writeFileSync(file, `${JSON.stringify({ ...header, ...results }, null, 2)}\n`);
}

/** A probe metric of the farm with a DevEUI, and its active band if it has one. */
export interface ProbeMetric {
  deveui: string;
  tipoid: number;
  metricaabrev: string;
  minimo: number | null;
  maximo: number | null;
}

/** A value of the probe metric at `step`: inside its band mostly, outside one time in twenty. */
export function probeValue(probe: ProbeMetric, step: number): number {
  const low = probe.minimo ?? 0;
  const high = probe.maximo ?? 100;
  return step % 20 === 19 ? high + (high - low + 1) : low + ((high - low) * ((step % 7) + 1)) / 8;
}

/**
 * The ingest benchmarks' workload: `count` readings of every probe metric in turn, a minute apart
 * per round, from `startStep` minutes after `start` (one in twenty of each probe's outside its band,
 * so alerts and episodes are part of the work).
 */
export function* probeReadings(probes: readonly ProbeMetric[], start: Date, startStep: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    const probe = probes[index % probes.length]!;
    const step = startStep + Math.floor(index / probes.length);
    yield {
      deveui: probe.deveui,
      tipoid: probe.tipoid,
      metricaabrev: probe.metricaabrev,
      fecha: new Date(start.getTime() + step * 60_000).toISOString(),
      medicion: probeValue(probe, step),
    };
  }
}

/** Readings per POST /api/ingest/readings in the ingest benchmarks. */
export const INGEST_HTTP_BATCH = 5_000;

/**
 * Posts `readings` to POST /api/ingest/readings in batches of INGEST_HTTP_BATCH, one after another
 * with the ingest key; throws unless every one is accepted. Answers readings per second.
 */
export async function ingestOverHttp(address: string, key: string, readings: ReadonlyArray<Record<string, unknown>>): Promise<number> {
  const start = performance.now();
  let accepted = 0;
  for (let offset = 0; offset < readings.length; offset += INGEST_HTTP_BATCH) {
    const answer = await httpRequest(address, '/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ readings: readings.slice(offset, offset + INGEST_HTTP_BATCH) }),
    });
    if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    accepted += (JSON.parse(answer.body) as { accepted: number }).accepted;
  }
  const seconds = (performance.now() - start) / 1000;
  if (accepted !== readings.length) throw new Error(`ingest: ${accepted} of ${readings.length} accepted`);
  return accepted / seconds;
}

/**
 * The farm's probe metrics with a DevEUI, but the radio probe's (battery, RSSI, SNR: they come from
 * uplinks' rxInfo and status events, never in a decoded payload), so the benches send what a field
 * sends; `demoNodesOnly`: those of the demo farm's own nodes, not bench:scale's copies.
 */
export async function probeMetrics(database: Database, { demoNodesOnly = false }: { demoNodesOnly?: boolean } = {}): Promise<ProbeMetric[]> {
  return database.query<ProbeMetric>(sql`
    select n.deveui, ms.tipoid, m.metricaabrev, u.minimo, u.maximo
      from sense.metricasensor ms
      join sense.nodo n on n.nodoid = ms.nodoid
      join sense.metrica m on m.metricaid = ms.metricaid
      join sense.tipo t on t.tipoid = ms.tipoid and t.tipo <> ${RADIO_PROBE_TIPO}
      left join sense.umbral u on u.nodoid = ms.nodoid and u.tipoid = ms.tipoid and u.metricaid = ms.metricaid and u.statusid = 1
     where n.deveui is not null ${demoNodesOnly ? sql`and n.nodo !~ ' r[0-9]+$'` : sql``}
     order by ms.nodoid, ms.tipoid, ms.metricaid`);
}
