/**
 * Abuse benchmark (issue 10): while one signed-in `user` pulls `getAll` of a year of readings in a
 * loop, how fast do others get `/api/health`, a sign-in and an alerts page, and how much memory
 * does the API hold? Targets: p99 < 200 ms for each, API RSS < 600 MB.
 *
 * Three processes: this one (prepares the database, starts the others, probes and samples the
 * API's memory), the API (`node --import tsx apps/api/src/main.ts`, as `npm start` runs it) and the
 * heavy reader (this file with `--heavy`, reading and discarding the stream), so the reader's CPU
 * does not delay the probes' clocks. A year's export outlasts BENCH_SECONDS: the reader leaves it
 * at the deadline (the server stops reading), so a run takes BENCH_SECONDS, not the export's length.
 *
 *   npm run bench:abuse                      (PGlite in a data folder of its own)
 *   BENCH_DATABASE_URL=postgres://…          (PostgreSQL, database BENCH_DATABASE_NAME, default camposense_abuse)
 *   BENCH_DAYS=365  BENCH_SECONDS=60  BENCH_DATA_DIR=…  (a small check: BENCH_DAYS=2 BENCH_SECONDS=10)
 *
 * The farm is written once and kept (PGlite: BENCH_DATA_DIR, default in the system's temp folder;
 * PostgreSQL: the database), so later runs start at once.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, prepareDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { openBenchDatabase, stats } from './support';
import type { Stats } from './support';

const HERE = fileURLToPath(import.meta.url);
const REPO_ROOT = join(dirname(HERE), '..');
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'results', 'abuse.json');
const TARGET_P99_MS = 200;
const TARGET_RSS_MB = 600;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1m = () => round(loadavg()[0] ?? 0, 2);

interface HeavyConfig {
  baseUrl: string;
  token: string;
  seconds: number;
}

interface HeavyResult {
  exports: number;
  bytes: number;
  secondsPerExport: number[];
  errors: string[];
}

// ---------------------------------------------------------------------------------------------
// The heavy reader (second process): getAll in a loop, the body read and thrown away.
// ---------------------------------------------------------------------------------------------

async function runHeavy({ baseUrl, token, seconds }: HeavyConfig): Promise<HeavyResult> {
  const result: HeavyResult = { exports: 0, bytes: 0, secondsPerExport: [], errors: [] };
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    // The export in flight when the time is up is dropped, as a client that leaves: the server
    // stops its read, so the probes measure BENCH_SECONDS of export and not the tail of a long one.
    const leave = AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now())));
    try {
      const response = await fetch(`${baseUrl}/api/sense/mediciones?getAll=true`, { headers: { authorization: `Bearer ${token}` }, signal: leave });
      if (response.status !== 200) result.errors.push(`${response.status} ${(await response.text()).slice(0, 200)}`);
      else {
        const reader = response.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          result.bytes += value.byteLength;
        }
        result.exports += 1;
        result.secondsPerExport.push(round((performance.now() - started) / 1000, 2));
      }
    } catch (error) {
      if (leave.aborted) break;
      result.errors.push(error instanceof Error ? error.message : String(error));
      await sleep(500);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The conductor.
// ---------------------------------------------------------------------------------------------

/** Resident memory of a process, from /proc (Linux), in MB. */
function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The database the API will serve, with the demo farm of `days` (kept when already there). */
async function prepare(days: number): Promise<{ env: NodeJS.ProcessEnv; label: string; readings: number }> {
  // As openBenchDatabase decides: a server when one is given, else the embedded database.
  const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  const name = process.env['BENCH_DATABASE_NAME'] ?? 'camposense_abuse';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  let database: Database;
  let env: NodeJS.ProcessEnv;
  let label: string;
  if (serverUrl) {
    const opened = await openBenchDatabase({ name, reuse: true });
    database = opened.database;
    label = opened.label;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
  } else {
    const dataDir = process.env['BENCH_DATA_DIR'] ?? join(tmpdir(), `camposense-abuse-${days}d`);
    mkdirSync(dataDir, { recursive: true });
    database = await createDatabase({ dataDir });
    label = `pglite (${dataDir})`;
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  try {
    const started = performance.now();
    const prepared = await prepareDatabase(database, { demo: true, farm: { days } });
    const readings = Number((prepared.farm?.counts as unknown as Record<string, number> | undefined)?.['mediciones'] ?? 0);
    console.log(
      `${label}: demo farm of ${days} days ${prepared.farm?.created ? `written in ${round((performance.now() - started) / 1000)} s` : 'already there'}, ${readings} readings`,
    );
    return { env, label, readings };
  } finally {
    await database.close();
  }
}

async function signIn(baseUrl: string, email: string): Promise<{ status: number; token: string | null }> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { session?: { access_token: string } };
  return { status: response.status, token: body.session?.access_token ?? null };
}

interface ProbeResult {
  samples: number[];
  errors: string[];
}

/** Runs `probe` every `everyMs` until `stop()` says so; latency of each, errors apart. */
async function probeLoop(everyMs: number, stop: () => boolean, probe: () => Promise<number>): Promise<ProbeResult> {
  const result: ProbeResult = { samples: [], errors: [] };
  while (!stop()) {
    const started = performance.now();
    try {
      const status = await probe();
      if (status !== 200) result.errors.push(String(status));
    } catch (error) {
      result.errors.push(error instanceof Error ? error.message : String(error));
    }
    const elapsed = performance.now() - started;
    result.samples.push(elapsed);
    await sleep(Math.max(0, everyMs - elapsed));
  }
  return result;
}

function runHeavyProcess(config: HeavyConfig): Promise<HeavyResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(HERE, ['--heavy'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    worker.once('message', (message) => resolve(message as HeavyResult));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the heavy reader exited with ${code}`));
    });
    worker.send(config);
  });
}

const summarise = (probe: ProbeResult): Stats & { samples: number; errors: number; errorSamples: string[] } => {
  const figures = probe.samples.length > 0 ? stats(probe.samples) : { median: 0, p95: 0, p99: 0, max: 0 };
  return {
    samples: probe.samples.length,
    errors: probe.errors.length,
    errorSamples: probe.errors.slice(0, 5),
    median: round(figures.median),
    p95: round(figures.p95),
    p99: round(figures.p99),
    max: round(figures.max),
  };
};

async function conduct(): Promise<void> {
  const days = Number(process.env['BENCH_DAYS'] ?? 365);
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 60);
  const { env, label, readings } = await prepare(days);

  const server = await spawnServer(
    {
      ...env,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // The sign-in probe signs in every half second: the limits are not what is measured here.
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      LOGIN_LIMIT_PER_EMAIL: '1000000',
    },
    { output: 'stderr' },
  );
  const { child: api, baseUrl } = server;
  const stopApi = () => {
    if (api.exitCode === null) api.kill('SIGTERM');
  };
  process.once('exit', stopApi);

  try {
    await waitUntilListening(server, 120_000, '/api/health/ready');
    const user = DEMO_USERS.find((candidate) => candidate.rol === 'user')!;
    const admin = DEMO_USERS.find((candidate) => candidate.rol === 'admin')!;
    const heavyToken = (await signIn(baseUrl, user.login)).token!;
    const readerToken = (await signIn(baseUrl, admin.login)).token!;
    const idleRss = residentMb(api.pid!) ?? 0;
    const loadBefore = load1m();
    console.log(`API on ${baseUrl} (pid ${api.pid}, ${round(idleRss)} MB), ${label}; one user exports for ${seconds} s…`);

    const rssSamples: number[] = [];
    const sampler = setInterval(() => {
      const rss = residentMb(api.pid!);
      if (rss !== null) rssSamples.push(rss);
    }, 200);
    let done = false;
    const stop = () => done;
    const heavy = runHeavyProcess({ baseUrl, token: heavyToken, seconds }).finally(() => (done = true));
    // Let the first export start before probing.
    await sleep(500);
    const [health, signInProbe, alerts, heavyResult] = await Promise.all([
      probeLoop(100, stop, async () => (await fetch(`${baseUrl}/api/health`)).status),
      probeLoop(500, stop, async () => (await signIn(baseUrl, admin.login)).status),
      probeLoop(250, stop, async () => {
        const response = await fetch(`${baseUrl}/api/sense/alerta?page=1&pageSize=20&sortBy=fecha&sortOrder=desc`, {
          headers: { authorization: `Bearer ${readerToken}` },
        });
        await response.arrayBuffer();
        return response.status;
      }),
      heavy,
    ]);
    clearInterval(sampler);
    const rss = rssSamples.length > 0 ? stats(rssSamples) : { median: 0, p95: 0, p99: 0, max: 0 };
    const loadAfter = load1m();

    const probes = { health: summarise(health), signIn: summarise(signInProbe), alertsPage: summarise(alerts) };
    const summary = {
      date: new Date().toISOString(),
      database: label,
      machine: { cpus: cpus().length, loadAverage1mBefore: loadBefore, loadAverage1mAfter: loadAfter },
      days,
      readings,
      seconds,
      heavyReader: {
        exports: heavyResult.exports,
        megabytesRead: round(heavyResult.bytes / 2 ** 20),
        secondsPerExport: heavyResult.secondsPerExport,
        errors: heavyResult.errors.slice(0, 5),
        loadAverage1m: loadAfter,
      },
      probesMs: Object.fromEntries(Object.entries(probes).map(([name, figures]) => [name, { ...figures, loadAverage1m: loadAfter }])),
      apiRssMb: { idle: round(idleRss), median: round(rss.median), peak: round(Math.max(rss.max, idleRss)), loadAverage1m: loadAfter },
      targets: {
        p99Ms: TARGET_P99_MS,
        rssMb: TARGET_RSS_MB,
        p99Met: Object.values(probes).every((figures) => figures.p99 < TARGET_P99_MS),
        rssMet: Math.max(rss.max, idleRss) < TARGET_RSS_MB,
      },
    };
    mkdirSync(dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(summary, null, 2)}\n`);
    console.table(
      Object.fromEntries(Object.entries(probes).map(([name, figures]) => [name, { samples: figures.samples, errors: figures.errors, median: figures.median, p99: figures.p99, max: figures.max }])),
    );
    console.log(
      `heavy reader: ${heavyResult.exports} exports finished, ${summary.heavyReader.megabytesRead} MB streamed; API RSS peak ${summary.apiRssMb.peak} MB ` +
        `(target ${TARGET_RSS_MB}); p99 target ${TARGET_P99_MS} ms ${summary.targets.p99Met ? 'met' : 'NOT met'}; load ${loadBefore} → ${loadAfter}`,
    );
    console.log(`written to ${RESULTS_FILE}`);
    const errors = heavyResult.errors.length + Object.values(probes).reduce((sum, figures) => sum + figures.errors, 0);
    if (errors > 0 || heavyResult.bytes === 0) {
      console.error('errors during the run:', heavyResult.errors.slice(0, 5), Object.values(probes).flatMap((figures) => figures.errorSamples));
      process.exitCode = 1;
    }
  } finally {
    stopApi();
  }
}

if (process.argv.includes('--heavy')) {
  process.once('message', (config) => {
    runHeavy(config as HeavyConfig)
      .then((result) => process.send?.(result, () => process.exit(0)))
      .catch((error: unknown) => {
        console.error('heavy reader failed:', error);
        process.exit(1);
      });
  });
} else {
  conduct().catch((error: unknown) => {
    console.error('abuse bench failed:', error);
    process.exitCode = 1;
  });
}
