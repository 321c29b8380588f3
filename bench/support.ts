// What every benchmark shares: its own database, the statistics it prints, a timer, the demo
// admin's sign-in and the HTTP-versus-SQL timing loop.
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, MEMORY_DATA_DIR, type Database } from '@camposense/db';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import pg from 'pg';

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
export async function signInAdmin(address: string): Promise<string> {
  const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.login, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return ((await login.json()) as { session: { access_token: string } }).session.access_token;
}

/** A GET over HTTP with the bearer token that throws on any status but 2xx; answers the body. */
export function httpCall(address: string, url: string, token: string): () => Promise<string> {
  return async () => {
    const response = await fetch(`${address}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.text();
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
