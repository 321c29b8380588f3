/**
 * Load benchmark (issue 4, item 5): BENCH_CLIENTS signed-in clients (default 200) read reports
 * and lists for BENCH_SECONDS (default 60) against the API on PostgreSQL. Three processes: this
 * one (prepares the database, starts the others, samples the API's memory), the API itself
 * (`node --import tsx apps/api/src/main.ts`, as `npm start` runs it) and the load generator (this
 * file again with `--worker`, plain node:http over kept-alive connections, lighter than fetch), so
 * the client's CPU is not the server's. Results go to bench/results/load.json.
 *
 *   npm run bench:load                      (script: "bench:load": "tsx bench/load-bench.ts")
 *   BENCH_DATABASE_URL=postgres://…/db  BENCH_CLIENTS=200  BENCH_SECONDS=60  BENCH_DAYS=30
 *   BENCH_CPU_PROFILE=dir   the API writes a V8 CPU profile (.cpuprofile) of the run into dir
 *   BENCH_WORKERS=N         the API as N cluster workers (results in load-workers-N.json)
 *   BENCH_INSTANCES=N       N API processes behind HAProxy, npm run start:cluster (load-haproxy-N.json)
 *   BENCH_INGEST_EVERY_MS   while the clients read, a batch of every probe's reading is posted this
 *                           often (default 1000; 0: none): writes and live events clear the read caches
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, prepareDatabase } from '@camposense/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { httpGet, httpRequest, probeMetrics, type ProbeMetric } from './support';

const HERE = fileURLToPath(import.meta.url);
const REPO_ROOT = join(dirname(HERE), '..');
/**
 * How the API runs: one process (as `npm start`), BENCH_WORKERS=N Node cluster workers (as
 * `WORKERS=N npm start`), or BENCH_INSTANCES=N processes behind HAProxy (as `npm run start:cluster`).
 * Each writes its own results file.
 */
function topology(): { name: string; script?: string; env: Record<string, string>; resultsFile: string } {
  const instances = Number(process.env['BENCH_INSTANCES'] ?? 0);
  const workers = Number(process.env['BENCH_WORKERS'] ?? 0);
  const results = (name: string) => join(REPO_ROOT, 'bench', 'results', name);
  if (instances > 0) {
    return {
      name: `${instances} instances behind HAProxy`,
      script: 'scripts/start-cluster.mjs',
      env: { INSTANCES: String(instances) },
      resultsFile: results(`load-haproxy-${instances}.json`),
    };
  }
  if (workers > 0) {
    return { name: `${workers} cluster workers`, script: 'apps/api/src/cluster.ts', env: { WORKERS: String(workers) }, resultsFile: results(`load-workers-${workers}.json`) };
  }
  return { name: '1 process', env: {}, resultsFile: results('load.json') };
}

interface BenchConfig {
  baseUrl: string;
  clients: number;
  seconds: number;
  /** The farm's ubicacion and entidad ids, for realistic report queries. */
  ubicacionIds: number[];
  /** A batch of every probe's reading posted this often while the clients read (null: none). */
  ingest: { key: string; probes: ProbeMetric[]; everyMs: number } | null;
}

/** What the load generator reports back over IPC. */
interface WorkerResult {
  signInMs: number;
  durationMs: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  latenciesMs: number[];
  byEndpoint: Record<string, { requests: number; errors: number; latenciesMs: number[] }>;
  /** The ingest batches posted meanwhile (each clears every instance's read cache). */
  ingest: { batches: number; readings: number; errors: number; latenciesMs: number[] };
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// ---------------------------------------------------------------------------------------------
// The load generator (second process).
// ---------------------------------------------------------------------------------------------

/** The reads of the console's screens: paginated reports, filter lists, the map and the chart. */
function readPaths(config: BenchConfig, client: number, iteration: number): Array<[endpoint: string, path: string]> {
  const page = 1 + ((client + iteration) % 10);
  const ubicacionId = config.ubicacionIds[(client + iteration) % config.ubicacionIds.length] ?? 1;
  return [
    ['alerta?page', `/api/sense/alerta?page=${page}&pageSize=20&sortBy=fecha&sortOrder=desc`],
    ['mensaje?page', `/api/sense/mensaje?page=${page}&pageSize=20&sortBy=fecha&sortOrder=desc`],
    ['paises', '/api/sense/paises'],
    ['empresas', '/api/sense/empresas'],
    ['fundos', '/api/sense/fundos'],
    ['ubicaciones', '/api/sense/ubicaciones'],
    ['entidades', '/api/sense/entidades'],
    ['nodos-con-localizacion', '/api/sense/nodos-con-localizacion?limit=1000'],
    ['mediciones (chart)', `/api/sense/mediciones?ubicacionId=${ubicacionId}&limit=1000`],
    ['alerta?search', `/api/sense/alerta?page=1&pageSize=20&search=temp`],
  ];
}

/** An ingest key for the farm's writes during the run, created by the demo admin. */
async function createIngestKey(baseUrl: string): Promise<string> {
  const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
  const response = await fetch(`${baseUrl}/api/ingest/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await signIn(baseUrl, admin.login)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nombre: `bench:load ${new Date().toISOString()}` }),
  });
  if (response.status !== 201) throw new Error(`ingest key: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { clave: string }).clave;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { session: { access_token: string } };
  return body.session.access_token;
}

async function runWorker(config: BenchConfig): Promise<WorkerResult> {
  // Every client signs in for itself (argon2 on the server), a few at a time.
  const signInStarted = performance.now();
  const tokens: string[] = new Array<string>(config.clients);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < config.clients) {
        const client = next;
        next += 1;
        const user = DEMO_USERS[client % DEMO_USERS.length]!;
        tokens[client] = await signIn(config.baseUrl, user.login);
      }
    }),
  );
  const signInMs = performance.now() - signInStarted;

  const result: WorkerResult = {
    signInMs,
    durationMs: 0,
    requests: 0,
    errors: 0,
    errorSamples: [],
    latenciesMs: [],
    byEndpoint: {},
    ingest: { batches: 0, readings: 0, errors: 0, latenciesMs: [] },
  };
  const started = performance.now();
  const deadline = started + config.seconds * 1000;
  const ingesting = config.ingest ? ingestWhileReading(config.baseUrl, config.ingest, deadline, result.ingest, (sample) => result.errorSamples.length < 10 && result.errorSamples.push(sample)) : null;
  await Promise.all(
    tokens.map(async (token, client) => {
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
      for (let iteration = 0; performance.now() < deadline; iteration += 1) {
        const paths = readPaths(config, client, iteration);
        const [endpoint, path] = paths[(client + iteration) % paths.length]!;
        const entry = (result.byEndpoint[endpoint] ??= { requests: 0, errors: 0, latenciesMs: [] });
        const sent = performance.now();
        let failure: string | null = null;
        try {
          const { status, body } = await httpGet(config.baseUrl, path, headers);
          if (status !== 200) failure = `${status} ${path} ${body.slice(0, 200)}`;
        } catch (error) {
          failure = `network ${path} ${error instanceof Error ? error.message : String(error)}`;
        }
        const latency = performance.now() - sent;
        result.requests += 1;
        result.latenciesMs.push(latency);
        entry.requests += 1;
        entry.latenciesMs.push(latency);
        if (failure) {
          result.errors += 1;
          entry.errors += 1;
          if (result.errorSamples.length < 10) result.errorSamples.push(failure);
        }
      }
    }),
  );
  result.durationMs = performance.now() - started;
  await ingesting;
  return result;
}

/**
 * What the farm sends while the consoles read: every `everyMs`, one batch with a reading of every
 * probe metric (the demo farm reports every 15 minutes: once a second is far busier). Each batch
 * is a write and a live event, so every read cache is cleared that often.
 */
async function ingestWhileReading(
  baseUrl: string,
  { key, probes, everyMs }: NonNullable<BenchConfig['ingest']>,
  deadline: number,
  tally: WorkerResult['ingest'],
  sampleError: (sample: string) => void,
): Promise<void> {
  const body = (fecha: string) =>
    JSON.stringify({
      readings: probes.map((probe) => ({
        deveui: probe.deveui,
        tipoid: probe.tipoid,
        metricaabrev: probe.metricaabrev,
        fecha,
        medicion: ((probe.minimo ?? 0) + (probe.maximo ?? 100)) / 2,
      })),
    });
  while (performance.now() < deadline) {
    const sent = performance.now();
    const { status, body: answer } = await httpRequest(baseUrl, '/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body(new Date().toISOString()),
    });
    tally.latenciesMs.push(performance.now() - sent);
    tally.batches += 1;
    if (status === 200) tally.readings += probes.length;
    else {
      tally.errors += 1;
      sampleError(`${status} /api/ingest/readings ${answer.slice(0, 200)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - sent))));
  }
}

// ---------------------------------------------------------------------------------------------
// The conductor (first process).
// ---------------------------------------------------------------------------------------------

/** Creates the benchmark's own database on the server if it is missing (never touches others). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Migrations, demo users and the demo farm; a farm that already exists is kept as is. */
async function prepare(url: string, days: number): Promise<{ ubicacionIds: number[]; probes: ProbeMetric[] }> {
  await ensureDatabase(url);
  const database = await createDatabase({ databaseUrl: url });
  try {
    const started = performance.now();
    const prepared = await prepareDatabase(database, { demo: true, farm: { days } });
    const counts = (prepared.farm?.counts ?? {}) as unknown as Record<string, number>;
    console.log(
      `demo farm ${prepared.farm?.created ? `written in ${round((performance.now() - started) / 1000)} s` : 'already there'}: ` +
        `${counts['mediciones']} readings, ${counts['alertas']} alerts, ${counts['mensajes']} messages`,
    );
    const rows = await database.query<{ ubicacionid: number }>(sql`select ubicacionid from sense.ubicacion order by 1`);
    return { ubicacionIds: rows.map((row) => Number(row.ubicacionid)), probes: await probeMetrics(database) };
  } finally {
    await database.close();
  }
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
function residentBytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function runLoadProcess(config: BenchConfig): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(HERE, ['--worker'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    worker.once('message', (message) => resolve(message as WorkerResult));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    worker.send(config);
  });
}

const SIDE_BY_SIDE_FILE = join(REPO_ROOT, 'bench', 'results', 'load.json');
const ONE_PROCESS = '1 process';
const BEHIND_HAPROXY = '2 instances behind HAProxy';

interface TopologyFigures {
  date: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
  loadAverage1mBefore: number;
}

/**
 * Every layout's latest figures side by side in load.json (`byLayout`), and what the second
 * instance behind HAProxy buys and costs against one process, once both have run.
 */
function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function recordSideBySide(
  name: string,
  summary: { date: string; requestsPerSecond: number; latencyMs: { p50: number; p99: number }; errors: number; machine: { loadAverage1mBefore: number } },
  earlierLayouts: Record<string, TopologyFigures> | undefined,
): void {
  const file = readJson(SIDE_BY_SIDE_FILE);
  const byLayout = { ...(earlierLayouts ?? {}) };
  byLayout[name] = {
    date: summary.date,
    requestsPerSecond: summary.requestsPerSecond,
    latencyMs: { p50: summary.latencyMs.p50, p99: summary.latencyMs.p99 },
    errors: summary.errors,
    loadAverage1mBefore: summary.machine.loadAverage1mBefore,
  };
  const one = byLayout[ONE_PROCESS];
  const two = byLayout[BEHIND_HAPROXY];
  const secondInstance =
    one && two
      ? {
          requestsPerSecond: `${two.requestsPerSecond} vs ${one.requestsPerSecond} (${round((two.requestsPerSecond / one.requestsPerSecond - 1) * 100)}%)`,
          p99Ms: `${two.latencyMs.p99} vs ${one.latencyMs.p99}`,
          note: 'two cores bound the sum: a second instance on the same machine shares them with the first, PostgreSQL and HAProxy; it buys surviving the loss of one instance, not throughput',
        }
      : undefined;
  writeFileSync(SIDE_BY_SIDE_FILE, `${JSON.stringify({ ...file, byLayout, ...(secondInstance ? { secondInstance } : {}) }, null, 2)}\n`);
}

async function conduct(): Promise<void> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/camposense_load';
  const clients = Number(process.env['BENCH_CLIENTS'] ?? 200);
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 60);
  const days = Number(process.env['BENCH_DAYS'] ?? 30);
  const profileDir = process.env['BENCH_CPU_PROFILE'];
  const layout = topology();
  const RESULTS_FILE = layout.resultsFile;

  const ingestEveryMs = Number(process.env['BENCH_INGEST_EVERY_MS'] ?? 1000);
  const { ubicacionIds, probes } = await prepare(databaseUrl, days);
  const server = await spawnServer(
    {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // Every simulated client signs in from this one address.
      LOGIN_LIMIT_PER_ADDRESS: String(clients * 10),
      LOGIN_LIMIT_PER_EMAIL: String(clients * 10),
      ...layout.env,
    },
    // The API logs every request at info, as in production; the bench only keeps its errors.
    {
      output: 'stderr',
      ...(layout.script ? { script: layout.script } : {}),
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    },
  );
  const { child: api, baseUrl } = server;
  const stopApi = () => {
    if (api.exitCode === null) api.kill('SIGTERM');
  };
  process.once('exit', stopApi);

  try {
    // start:cluster builds the console and migrates before HAProxy listens.
    await waitUntilListening(server, layout.script === 'scripts/start-cluster.mjs' ? 300_000 : 60_000);
    const idleRss = residentBytes(api.pid!) ?? 0;
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, residentBytes(api.pid!) ?? 0);
    }, 200);
    // Other work on the machine skews the figures: the load average goes into the results.
    const loadBefore = loadavg()[0] ?? 0;
    console.log(`API (${layout.name}) on ${baseUrl} (pid ${api.pid}), ${clients} clients for ${seconds} s…`);
    const ingest = ingestEveryMs > 0 ? { key: await createIngestKey(baseUrl), probes, everyMs: ingestEveryMs } : null;
    const result = await runLoadProcess({ baseUrl, clients, seconds, ubicacionIds, ingest });
    clearInterval(sampler);
    peakRss = Math.max(peakRss, residentBytes(api.pid!) ?? 0);

    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const summary = {
      date: new Date().toISOString(),
      database: 'postgres',
      api: layout.name,
      machine: { cpus: cpus().length, loadAverage1mBefore: round(loadBefore, 2), loadAverage1mAfter: round(loadavg()[0] ?? 0, 2) },
      clients,
      seconds,
      signInSeconds: round(result.signInMs / 1000),
      requests: result.requests,
      requestsPerSecond: round(result.requests / (result.durationMs / 1000)),
      latencyMs: {
        p50: round(percentile(sorted, 0.5)),
        p90: round(percentile(sorted, 0.9)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? 0),
      },
      errors: result.errors + result.ingest.errors,
      errorSamples: result.errorSamples,
      // Meanwhile, the farm's writes: each batch clears every read cache.
      ingest: ingest
        ? {
            everyMs: ingest.everyMs,
            batches: result.ingest.batches,
            readings: result.ingest.readings,
            errors: result.ingest.errors,
            p99Ms: round(percentile([...result.ingest.latenciesMs].sort((a, b) => a - b), 0.99)),
          }
        : 'none (BENCH_INGEST_EVERY_MS=0)',
      // Of the process the bench started: with workers or HAProxy, the parent only.
      apiMemoryMb: { idleRss: round(idleRss / 2 ** 20), peakRss: round(peakRss / 2 ** 20) },
      endpoints: Object.fromEntries(
        Object.entries(result.byEndpoint).map(([endpoint, entry]) => {
          const latencies = [...entry.latenciesMs].sort((a, b) => a - b);
          return [
            endpoint,
            {
              requests: entry.requests,
              errors: entry.errors,
              p50: round(percentile(latencies, 0.5)),
              p99: round(percentile(latencies, 0.99)),
            },
          ];
        }),
      ),
    };
    mkdirSync(dirname(RESULTS_FILE), { recursive: true });
    // load.json is also the one-process run's own file: keep the other layouts' figures across it.
    const earlierLayouts = readJson(SIDE_BY_SIDE_FILE)['byLayout'];
    writeFileSync(RESULTS_FILE, `${JSON.stringify(summary, null, 2)}\n`);
    recordSideBySide(layout.name, summary, earlierLayouts as Record<string, TopologyFigures> | undefined);
    console.log(
      `\n${summary.requests} requests in ${seconds} s: ${summary.requestsPerSecond} req/s, ` +
        `p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, errors ${summary.errors}, ` +
        `API peak RSS ${summary.apiMemoryMb.peakRss} MB (idle ${summary.apiMemoryMb.idleRss} MB)`,
    );
    console.table(summary.endpoints);
    console.log(`written to ${RESULTS_FILE}`);
    if (summary.errors > 0) {
      console.error('errors:', summary.errorSamples);
      process.exitCode = 1;
    }
  } finally {
    // Waits for the API to exit: it writes its CPU profile, when asked, on the way out.
    await server.stop();
  }
}

if (process.argv.includes('--worker')) {
  process.once('message', (config) => {
    runWorker(config as BenchConfig)
      .then((result) => process.send?.(result, () => process.exit(0)))
      .catch((error: unknown) => {
        console.error('load generator failed:', error);
        process.exit(1);
      });
  });
} else {
  conduct().catch((error: unknown) => {
    console.error('load bench failed:', error);
    process.exitCode = 1;
  });
}
