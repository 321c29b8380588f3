/**
 * Load benchmark (issue 4, item 5; the operators' mix of issue 31, item 1): BENCH_CLIENTS
 * signed-in clients (default 200), each one operator with its own farm scope and date windows
 * going through the console's screens (bench/load-mix.ts), for BENCH_SECONDS (default 60) against
 * the API on PostgreSQL, once with the API's read cache on and once with it off (READ_CACHE_MS=0),
 * side by side per endpoint with the machine's load average before and after each run. Three
 * processes: this one (prepares the database, starts the others, samples the API's memory and the
 * load), the API itself (`node --import tsx apps/api/src/main.ts`, as `npm start` runs it) and the
 * load generator (this file again with `--worker`, plain node:http over kept-alive connections,
 * lighter than fetch), so the client's CPU is not the server's. Results go to bench/results/load.json.
 * Each run's `cpu` gives the API's and the database backends' CPU seconds (from /proc), the CPU
 * milliseconds per request and the database transactions per request (pg_stat_database: one per
 * statement sent outside a transaction, so round trips): figures a busy machine distorts least.
 * Every operator account is granted its own scope's company (row-level security shows none otherwise).
 *
 *   npm run bench:load                      (script: "bench:load": "tsx bench/load-bench.ts")
 *   BENCH_DATABASE_URL=postgres://…/db  BENCH_CLIENTS=200  BENCH_SECONDS=60  BENCH_DAYS=30
 *   BENCH_CACHE=both|on|off  which runs (default both; one mode keeps the other's earlier figures in the file)
 *   BENCH_PAUSE_SECONDS=30  the pause between the two runs
 *   BENCH_CPU_PROFILE=dir   the API writes a V8 CPU profile (.cpuprofile) of each run into dir
 *   BENCH_WORKERS=N         the API as N cluster workers (results in load-workers-N.json)
 *   BENCH_INSTANCES=N       N API processes behind HAProxy, npm run start:cluster (load-haproxy-N.json)
 *   BENCH_INGEST_EVERY_MS   while the clients read, a batch of every probe's reading is posted this
 *                           often (default 1000; 0: none): writes and live events clear the read caches
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, prepareDatabase } from '@camposense/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { operatorOf, visitScreen, type Caller, type MixData, type NodeScope } from './load-mix';
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
  /** The farm's places, metrics and criticalities the operators choose from. */
  mix: MixData;
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
  /** Failures by status and the API's error code (`503 DATABASE_UNAVAILABLE`, `network`…). */
  errorKinds: Record<string, number>;
  latenciesMs: number[];
  byEndpoint: Record<string, { requests: number; errors: number; latenciesMs: number[]; answerChars: number }>;
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
        tokens[client] = await signIn(config.baseUrl, operatorLogin(client));
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
    errorKinds: {},
    latenciesMs: [],
    byEndpoint: {},
    ingest: { batches: 0, readings: 0, errors: 0, latenciesMs: [] },
  };
  process.send?.({ kind: 'started' } satisfies WorkerMessage);
  const started = performance.now();
  const deadline = started + config.seconds * 1000;
  const ingesting = config.ingest ? ingestWhileReading(config.baseUrl, config.ingest, deadline, result.ingest, (sample) => result.errorSamples.length < 10 && result.errorSamples.push(sample)) : null;
  await Promise.all(
    tokens.map(async (token, client) => {
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
      const operator = operatorOf(config.mix, client);
      const call: Caller = async ({ endpoint, path }) => {
        if (performance.now() >= deadline) return null;
        const entry = (result.byEndpoint[endpoint] ??= { requests: 0, errors: 0, latenciesMs: [], answerChars: 0 });
        const sent = performance.now();
        let failure: string | null = null;
        let answer: string | null = null;
        try {
          const { status, body } = await httpGet(config.baseUrl, path, headers);
          if (status !== 200) {
            failure = `${status} ${path} ${body.slice(0, 200)}`;
            const kind = `${status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? ''}`.trim();
            result.errorKinds[kind] = (result.errorKinds[kind] ?? 0) + 1;
          }
          else {
            answer = body;
            entry.answerChars += body.length;
          }
        } catch (error) {
          failure = `network ${path} ${error instanceof Error ? error.message : String(error)}`;
          result.errorKinds['network'] = (result.errorKinds['network'] ?? 0) + 1;
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
        return answer;
      };
      while (performance.now() < deadline) await visitScreen(operator, config.mix, call);
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
/** The demo operator whose password the bench's operator accounts share. */
const OPERATOR_TEMPLATE = DEMO_USERS.find((user) => user.rol === 'user')!.login;

/** The login of the bench's operator `client` (0-based), created by prepare(). */
const operatorLogin = (client: number) => `operador-${String(client + 1).padStart(3, '0')}@bench.camposense.dev`;

async function prepare(url: string, days: number, clients: number): Promise<{ mix: MixData; probes: ProbeMetric[] }> {
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
    // A production server's autovacuum keeps the visibility map of old months current, so index-only
    // scans read no heap; these machines run PostgreSQL with autovacuum off, and a fresh farm would
    // make every chart read the heap (a location's week: 24–33 ms instead of 2–3 ms).
    await database.query(sql`vacuum (analyze) sense.medicion, sense.medicionhora, sense.alerta, sense.mensaje`);
    // Every placed node with its location, farm, company, country and the country's zone: the operators' scopes.
    const scopes = await database.query<NodeScope>(sql`
      select n.nodoid as "nodoId", l.ubicacionid as "ubicacionId", u.fundoid as "fundoId", f.empresaid as "empresaId",
             e.paisid as "paisId", p.zonahoraria as "timeZone"
        from sense.nodo n
        join sense.localizacion l on l.nodoid = n.nodoid and l.statusid = 1
        join sense.ubicacion u on u.ubicacionid = l.ubicacionid
        join sense.fundo f on f.fundoid = u.fundoid
        join sense.empresa e on e.empresaid = f.empresaid
        join sense.pais p on p.paisid = e.paisid
       where n.statusid = 1
       order by n.nodoid`);
    // One account per operator, as in the field: the API's per-user budgets (heavy and slow reads)
    // see 200 users, not the demo's eleven shared. Same password as the demo users'.
    await database.query(sql`
      insert into sense.usuario (login, firstname, lastname, usuarioabrev, rol, password_hash)
      select 'operador-' || lpad(k::text, 3, '0') || '@bench.camposense.dev', 'Operador', 'Bench ' || k, 'OPB' || k, 'user', u.password_hash
        from generate_series(1, ${clients}) k
        cross join (select password_hash from sense.usuario where login = ${OPERATOR_TEMPLATE}) u
      on conflict (login) do nothing`);
    // Each operator is granted its own scope's company (issue 32): without a grant, row-level
    // security shows an operator nothing and the mix would measure empty answers and 404s.
    await database.query(sql`
      insert into sense.usuarioempresa (usuarioid, empresaid, nivel)
      select u.usuarioid, (${JSON.stringify(scopes.map((scope) => Number(scope.empresaId)))}::jsonb ->> ((k - 1) % ${scopes.length})::int)::int, 'operacion'
        from generate_series(1, ${clients}) k
        join sense.usuario u on u.login = 'operador-' || lpad(k::text, 3, '0') || '@bench.camposense.dev'
      on conflict (usuarioid, empresaid) do nothing`);
    // Statistics for every other table too, as autovacuum's analyze keeps them on a production
    // server: without them the planner guessed the small tables (grants, places, thresholds, nodes)
    // under row security, and 51 of the schema's 57 tables had none (issue 31, load-db.md).
    await database.query(sql`analyze`);
    const metrics = await database.query<{ metricaid: number }>(sql`select metricaid from sense.metrica where statusid = 1 order by 1`);
    const criticidades = await database.query<{ criticidadid: number }>(sql`select criticidadid from sense.criticidad where statusid = 1 order by 1`);
    const mix: MixData = {
      scopes: scopes.map((scope) => ({ ...scope, nodoId: Number(scope.nodoId), ubicacionId: Number(scope.ubicacionId), fundoId: Number(scope.fundoId), empresaId: Number(scope.empresaId), paisId: Number(scope.paisId) })),
      metricIds: metrics.map((row) => Number(row.metricaid)),
      criticidadIds: criticidades.map((row) => Number(row.criticidadid)),
    };
    if (mix.scopes.length === 0 || mix.metricIds.length === 0) throw new Error('the farm has no placed nodes or no metrics');
    return { mix, probes: await probeMetrics(database) };
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

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) process `pid` has used, from /proc/<pid>/stat (Linux); null if gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds of every PostgreSQL backend connected to `database` (their titles name it), by pid. */
function databaseBackendsCpu(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
      const seconds = cpuSeconds(Number(entry));
      if (seconds !== null) found.set(Number(entry), seconds);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * The CPU the API process and the database's backends used between two samples: on a machine
 * shared with other work, requests per CPU second say what the API costs whatever the load; wall
 * time says what the operators got. Backends that closed meanwhile are missed (the pool keeps its
 * connections through a run).
 */
function cpuMeter(apiPid: number, database: string) {
  const apiStart = cpuSeconds(apiPid) ?? 0;
  const backendsStart = databaseBackendsCpu(database);
  return () => {
    const apiSeconds = (cpuSeconds(apiPid) ?? apiStart) - apiStart;
    let databaseSeconds = 0;
    for (const [pid, seconds] of databaseBackendsCpu(database)) databaseSeconds += seconds - (backendsStart.get(pid) ?? 0);
    return { apiSeconds, databaseSeconds };
  };
}

/**
 * The transactions `database` has committed and rolled back so far (pg_stat_database), or null if
 * unreadable. The server publishes them when a backend goes idle (at most about a second late).
 */
async function databaseTransactions(url: string, database: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    // Read in a fresh transaction so the statistics snapshot is this moment's.
    const { rows } = await client.query<{ total: string }>('select (xact_commit + xact_rollback)::text as total from pg_stat_database where datname = $1', [database]);
    return rows[0] ? Number(rows[0].total) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One statement's share of the database's time in a run (pg_stat_statements, when the server preloads it). */
interface StatementFigures {
  calls: number;
  /** Execution plus planning, milliseconds in all and per call. */
  totalMs: number;
  msPerCall: number;
  planMsPerCall: number;
  rowsPerCall: number;
  query: string;
}

/**
 * pg_stat_statements, when the server has it (`shared_preload_libraries`, the extension created in
 * the bench's database): emptied when the measured time starts, so what it holds at the end is the
 * run's statements, ranked by execution plus planning time (`track_planning` on for the latter).
 * Null when the server has no such view: nothing is asked of a server that was not set up for it.
 */
async function statementStatistics(url: string, database: string, mode: 'reset' | 'read'): Promise<StatementFigures[] | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    if (mode === 'reset') {
      await client.query('select pg_stat_statements_reset()');
      return [];
    }
    const { rows } = await client.query<{ calls: string; total: number; plan: number; rows: string; query: string }>(
      `select s.calls::text as calls, s.total_exec_time + s.total_plan_time as total, s.total_plan_time as plan, s.rows::text as rows, s.query
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = $1
        order by s.total_exec_time + s.total_plan_time desc
        limit 25`,
      [database],
    );
    return rows.map((row) => {
      const calls = Number(row.calls);
      return {
        calls,
        totalMs: round(row.total),
        msPerCall: round(row.total / calls, 3),
        planMsPerCall: round(row.plan / calls, 3),
        rowsPerCall: round(Number(row.rows) / calls, 1),
        query: row.query.replace(/\s+/g, ' ').slice(0, 400),
      };
    });
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What the load generator says over IPC: that the measured time starts (sign-ins done), then its result. */
type WorkerMessage = { kind: 'started' } | { kind: 'result'; result: WorkerResult };

function runLoadProcess(config: BenchConfig, onStarted: () => void): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(HERE, ['--worker'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'started') onStarted();
      else resolve(message.result);
    });
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
  /** Which mix the figures are of: issue 4's ten URLs, or issue 31's operators. */
  mix?: string;
}

const OLD_MIX = "issue 4: ten URLs, pages 1–10, 24 locations (before issue 31's operators)";
const OPERATORS_MIX = "issue 31: 200 operators' screens, read cache on";

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
  const byLayout = Object.fromEntries(Object.entries(earlierLayouts ?? {}).map(([layout, figures]) => [layout, { ...figures, mix: figures.mix ?? OLD_MIX }]));
  byLayout[name] = {
    mix: OPERATORS_MIX,
    date: summary.date,
    requestsPerSecond: summary.requestsPerSecond,
    latencyMs: { p50: summary.latencyMs.p50, p99: summary.latencyMs.p99 },
    errors: summary.errors,
    loadAverage1mBefore: summary.machine.loadAverage1mBefore,
  };
  const one = byLayout[ONE_PROCESS];
  const two = byLayout[BEHIND_HAPROXY];
  const secondInstance =
    one && two && one.mix === two.mix
      ? {
          requestsPerSecond: `${two.requestsPerSecond} vs ${one.requestsPerSecond} (${round((two.requestsPerSecond / one.requestsPerSecond - 1) * 100)}%)`,
          p99Ms: `${two.latencyMs.p99} vs ${one.latencyMs.p99}`,
          note: 'two cores bound the sum: a second instance on the same machine shares them with the first, PostgreSQL and HAProxy; it buys surviving the loss of one instance, not throughput',
        }
      : undefined;
  const { secondInstance: _stale, ...rest } = file;
  writeFileSync(SIDE_BY_SIDE_FILE, `${JSON.stringify({ ...rest, byLayout, ...(secondInstance ? { secondInstance } : {}) }, null, 2)}\n`);
}

type CacheMode = 'on' | 'off';

/** One run's figures of one endpoint. */
interface EndpointFigures {
  requests: number;
  requestsPerSecond: number;
  errors: number;
  p50: number;
  p99: number;
  /** The mean size of a successful answer, in thousands of characters (≈ KB: the JSON is nearly all ASCII). */
  meanAnswerKb: number;
}

interface RunSummary {
  date: string;
  database: string;
  api: string;
  readCache: string;
  machine: { cpus: number; loadAverage1mBefore: number; loadAverage1mAfter: number; loadAverage1mMaxDuring: number; underLoad: boolean };
  clients: number;
  seconds: number;
  signInSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Missing in runs written before it was measured. */
  cpu?: {
    apiSeconds: number;
    databaseSeconds: number;
    requestsPerApiCpuSecond: number | null;
    requestsPerCpuSecond: number | null;
    /** API + database CPU milliseconds per request. */
    msPerRequest?: number | null;
    /**
     * Transactions the database committed or rolled back per request (pg_stat_database): every
     * statement sent outside a transaction is one, so this counts round trips, the ingest's included.
     */
    databaseTransactionsPerRequest?: number | null;
  };
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  /** Missing in runs written before it was counted. */
  errorKinds?: Record<string, number>;
  /** The database's statements ranked by their time, when the server has pg_stat_statements. */
  statements?: StatementFigures[];
  errorSamples: string[];
  ingest: unknown;
  apiMemoryMb: { idleRss: number; peakRss: number };
  endpoints: Record<string, EndpointFigures>;
}

interface RunSettings {
  databaseUrl: string;
  clients: number;
  seconds: number;
  profileDir: string | undefined;
  ingestEveryMs: number;
  layout: ReturnType<typeof topology>;
  mix: MixData;
  probes: ProbeMetric[];
  /** The least pause before measuring (the settle-down after the previous run). */
  settleSeconds: number;
}

/** At least `minimumSeconds`, then until the 1-minute load average is below half the cores (at most BENCH_SETTLE_MAX_SECONDS, 5 minutes by default). */
async function settle(minimumSeconds: number): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(minimumSeconds * 1000);
  const giveUpAt = Date.now() + Number(process.env['BENCH_SETTLE_MAX_SECONDS'] ?? 300) * 1000;
  while ((loadavg()[0] ?? 0) > cpus().length / 2 && Date.now() < giveUpAt) await sleep(5_000);
  console.log(`settled: load average ${round(loadavg()[0] ?? 0, 2)}`);
}

/** One run of the mix against a fresh API with its read cache on (the default TTL) or off (READ_CACHE_MS=0). */
async function runOnce(cache: CacheMode, settings: RunSettings): Promise<RunSummary> {
  const { databaseUrl, clients, seconds, profileDir, ingestEveryMs, layout, mix, probes } = settings;
  const server = await spawnServer(
    {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // Every simulated client signs in from this one address.
      LOGIN_LIMIT_PER_ADDRESS: String(clients * 10),
      LOGIN_LIMIT_PER_EMAIL: String(clients * 10),
      // Cache on: the API's own default, whatever the environment says; off: nothing kept.
      READ_CACHE_MS: cache === 'off' ? '0' : undefined,
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
    // The machine settles once the API listens: seeding, the API's start and the previous run leave
    // their own load, which decays slowly (the 1-minute average); a fixed pause left runs marked as under load.
    await settle(settings.settleSeconds);
    const idleRss = residentBytes(api.pid!) ?? 0;
    let peakRss = idleRss;
    let loadMax = loadavg()[0] ?? 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, residentBytes(api.pid!) ?? 0);
      loadMax = Math.max(loadMax, loadavg()[0] ?? 0);
    }, 200);
    // Other work on the machine skews the figures: the load average goes into the results.
    const loadBefore = loadavg()[0] ?? 0;
    console.log(`\nAPI (${layout.name}, read cache ${cache}) on ${baseUrl} (pid ${api.pid}), ${clients} clients for ${seconds} s, load average ${round(loadBefore, 2)}…`);
    const ingest = ingestEveryMs > 0 ? { key: await createIngestKey(baseUrl), probes, everyMs: ingestEveryMs } : null;
    const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
    // From the first measured request: the sign-ins (argon2) are not the reads' cost.
    const meter: {
      used: ReturnType<typeof cpuMeter> | null;
      transactionsAtStart: Promise<number | null> | null;
      statementsReset: Promise<StatementFigures[] | null> | null;
    } = { used: null, transactionsAtStart: null, statementsReset: null };
    const result = await runLoadProcess({ baseUrl, clients, seconds, mix, ingest }, () => {
      meter.used = cpuMeter(api.pid!, databaseName);
      meter.transactionsAtStart = databaseTransactions(databaseUrl, databaseName);
      meter.statementsReset = statementStatistics(databaseUrl, databaseName, 'reset');
    });
    const cpu = meter.used?.() ?? { apiSeconds: 0, databaseSeconds: 0 };
    const transactionsAtStart = await meter.transactionsAtStart;
    const transactionsAtEnd = await databaseTransactions(databaseUrl, databaseName);
    const transactions = transactionsAtStart === null || transactionsAtEnd === null ? null : transactionsAtEnd - transactionsAtStart;
    const statements = (await meter.statementsReset) === null ? null : await statementStatistics(databaseUrl, databaseName, 'read');
    clearInterval(sampler);
    peakRss = Math.max(peakRss, residentBytes(api.pid!) ?? 0);
    const loadAfter = loadavg()[0] ?? 0;
    const durationSeconds = result.durationMs / 1000;

    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    return {
      date: new Date().toISOString(),
      database: 'postgres',
      api: layout.name,
      readCache: cache === 'off' ? 'off (READ_CACHE_MS=0)' : 'on (the API default)',
      machine: {
        cpus: cpus().length,
        loadAverage1mBefore: round(loadBefore, 2),
        loadAverage1mAfter: round(loadAfter, 2),
        loadAverage1mMaxDuring: round(Math.max(loadMax, loadAfter), 2),
        // Other work on the machine before the run started: the figures are a busy machine's.
        underLoad: loadBefore > cpus().length / 2,
      },
      clients,
      seconds,
      signInSeconds: round(result.signInMs / 1000),
      requests: result.requests,
      requestsPerSecond: round(result.requests / durationSeconds),
      // What the reads cost whatever else ran on the machine (with workers or HAProxy: the parent process only).
      cpu: {
        apiSeconds: round(cpu.apiSeconds),
        databaseSeconds: round(cpu.databaseSeconds),
        requestsPerApiCpuSecond: cpu.apiSeconds > 0 ? round(result.requests / cpu.apiSeconds) : null,
        requestsPerCpuSecond: cpu.apiSeconds + cpu.databaseSeconds > 0 ? round(result.requests / (cpu.apiSeconds + cpu.databaseSeconds)) : null,
        msPerRequest: result.requests > 0 ? round(((cpu.apiSeconds + cpu.databaseSeconds) * 1000) / result.requests, 2) : null,
        databaseTransactionsPerRequest: transactions !== null && result.requests > 0 ? round(transactions / result.requests, 2) : null,
      },
      ...(statements ? { statements } : {}),
      latencyMs: {
        p50: round(percentile(sorted, 0.5)),
        p90: round(percentile(sorted, 0.9)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? 0),
      },
      errors: result.errors + result.ingest.errors,
      // 429 RATE_LIMITED: the API's slow-read budget per user; 503 DATABASE_UNAVAILABLE: a request waited past the pool's connection timeout.
      errorKinds: result.errorKinds,
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
        Object.entries(result.byEndpoint)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([endpoint, entry]) => {
            const latencies = [...entry.latenciesMs].sort((a, b) => a - b);
            const figures: EndpointFigures = {
              requests: entry.requests,
              requestsPerSecond: round(entry.requests / durationSeconds),
              errors: entry.errors,
              p50: round(percentile(latencies, 0.5)),
              p99: round(percentile(latencies, 0.99)),
              meanAnswerKb: entry.requests > entry.errors ? round(entry.answerChars / (entry.requests - entry.errors) / 1024) : 0,
            };
            return [endpoint, figures];
          }),
      ),
    };
  } finally {
    // Waits for the API to exit: it writes its CPU profile, when asked, on the way out.
    await server.stop();
    process.removeListener('exit', stopApi);
  }
}

/** What the mix is, written beside the figures. */
const MIX_DESCRIPTION =
  'issue 31: each client is one operator with its own node, location and farm (client c: node c mod nodes), its own date windows ' +
  '(the last week or 1–30 days ending today or within the last 30 days; one in ten a year) and filters, going through the screens: ' +
  'dashboard 40 % (node list, metrics, locations, en-curso, one /api/sense/series per metric, episodes), alerts report 30 % ' +
  '(active count, page 1 with filters, 40 % of the time also a deep page by number, the last page or next-cursor pages; filter options), ' +
  'messages report 10 %, thresholds 10 % (scope and changes), a parameters status-view page and its total 10 %; the shell\'s ' +
  'countries, companies and farms on the first visit and one in five. No think time: each client asks its next call as soon as one answers.';

/** Endpoint by endpoint, the cache-on and cache-off figures side by side (one run missing: only the other). */
function sideBySide(on: RunSummary | undefined, off: RunSummary | undefined) {
  const endpoints = [...new Set([...Object.keys(on?.endpoints ?? {}), ...Object.keys(off?.endpoints ?? {})])].sort();
  const brief = (figures: EndpointFigures | undefined) =>
    figures ? { requestsPerSecond: figures.requestsPerSecond, p50: figures.p50, p99: figures.p99, errors: figures.errors, meanAnswerKb: figures.meanAnswerKb } : null;
  const whole = (run: RunSummary | undefined) =>
    run
      ? {
          requestsPerSecond: run.requestsPerSecond,
          p50: run.latencyMs.p50,
          p99: run.latencyMs.p99,
          errors: run.errors,
          ...(run.cpu ? { requestsPerApiCpuSecond: run.cpu.requestsPerApiCpuSecond, requestsPerCpuSecond: run.cpu.requestsPerCpuSecond } : {}),
        }
      : null;
  return {
    all: { cacheOn: whole(on), cacheOff: whole(off) },
    ...Object.fromEntries(endpoints.map((endpoint) => [endpoint, { cacheOn: brief(on?.endpoints[endpoint]), cacheOff: brief(off?.endpoints[endpoint]) }])),
  };
}

/** An endpoint's mean answer size (the whole run's row has none). */
const answerKb = (figures: object | null) => (figures && 'meanAnswerKb' in figures && typeof figures.meanAnswerKb === 'number' ? figures.meanAnswerKb : undefined);

function printSideBySide(table: ReturnType<typeof sideBySide>, on: RunSummary | undefined, off: RunSummary | undefined): void {
  const cell = (value: number | undefined) => (value === undefined ? '' : value);
  console.table(
    Object.fromEntries(
      Object.entries(table).map(([endpoint, { cacheOn, cacheOff }]) => [
        endpoint,
        {
          'on req/s': cell(cacheOn?.requestsPerSecond),
          'on p50': cell(cacheOn?.p50),
          'on p99': cell(cacheOn?.p99),
          'on err': cell(cacheOn?.errors),
          'off req/s': cell(cacheOff?.requestsPerSecond),
          'off p50': cell(cacheOff?.p50),
          'off p99': cell(cacheOff?.p99),
          'off err': cell(cacheOff?.errors),
          'answer KB': cell(answerKb(cacheOff) ?? answerKb(cacheOn)),
        },
      ]),
    ),
  );
  for (const run of [on, off].filter((found): found is RunSummary => found !== undefined)) {
    const { loadAverage1mBefore, loadAverage1mAfter, loadAverage1mMaxDuring, underLoad } = run.machine;
    console.log(
      `read cache ${run.readCache}: load average ${loadAverage1mBefore} before, ${loadAverage1mAfter} after (max ${loadAverage1mMaxDuring})` +
        `${underLoad ? ' — UNDER LOAD: other work on the machine before the run' : ''}; API peak RSS ${run.apiMemoryMb.peakRss} MB; ` +
        (run.cpu
          ? `CPU: API ${run.cpu.apiSeconds} s, database ${run.cpu.databaseSeconds} s, ${run.cpu.requestsPerApiCpuSecond} requests per API CPU second, ` +
            `${run.cpu.requestsPerCpuSecond} per API + database CPU second` +
            (run.cpu.msPerRequest != null ? ` (${run.cpu.msPerRequest} ms a request)` : '') +
            (run.cpu.databaseTransactionsPerRequest != null ? `, ${run.cpu.databaseTransactionsPerRequest} database transactions a request` : '')
          : 'CPU not measured (an earlier run)') +
        (run.errors > 0 && run.errorKinds
          ? `; errors ${JSON.stringify(run.errorKinds)} (ingest ${run.errors - Object.values(run.errorKinds).reduce((sum, count) => sum + count, 0)})`
          : ''),
    );
  }
}

async function conduct(): Promise<void> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/camposense_load';
  const clients = Number(process.env['BENCH_CLIENTS'] ?? 200);
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 60);
  const days = Number(process.env['BENCH_DAYS'] ?? 30);
  const cacheModes: CacheMode[] = (() => {
    const asked = process.env['BENCH_CACHE'] ?? 'both';
    if (asked === 'on' || asked === 'off') return [asked];
    if (asked === 'both') return ['on', 'off'];
    throw new Error(`BENCH_CACHE must be on, off or both, not ${asked}`);
  })();
  const pauseSeconds = Number(process.env['BENCH_PAUSE_SECONDS'] ?? 30);
  const layout = topology();
  const RESULTS_FILE = layout.resultsFile;
  const { mix, probes } = await prepare(databaseUrl, days, clients);
  const settings: Omit<RunSettings, 'settleSeconds'> = {
    databaseUrl,
    clients,
    seconds,
    profileDir: process.env['BENCH_CPU_PROFILE'],
    ingestEveryMs: Number(process.env['BENCH_INGEST_EVERY_MS'] ?? 1000),
    layout,
    mix,
    probes,
  };
  const runs: Partial<Record<CacheMode, RunSummary>> = {};
  for (const [index, cache] of cacheModes.entries()) {
    runs[cache] = await runOnce(cache, { ...settings, settleSeconds: index > 0 ? pauseSeconds : 0 });
    const run = runs[cache];
    console.log(
      `read cache ${cache}: ${run.requests} requests in ${seconds} s: ${run.requestsPerSecond} req/s, ` +
        `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, errors ${run.errors}`,
    );
    if (run.statements) {
      console.log(`read cache ${cache}: the database's statements by time (pg_stat_statements)`);
      console.table(run.statements.slice(0, 15).map(({ query, ...figures }) => ({ ...figures, query: query.slice(0, 90) })));
    }
  }

  // A run of one mode keeps the other mode's figures of the file (the cache-on run is the file's top level, as before).
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  const earlier = readJson(RESULTS_FILE);
  const earlierOn = earlier['mix'] === MIX_DESCRIPTION && earlier['readCache'] ? (earlier as unknown as RunSummary) : undefined;
  const earlierOff = earlier['mix'] === MIX_DESCRIPTION ? (earlier['cacheOff'] as RunSummary | undefined) : undefined;
  const on = runs.on ?? earlierOn;
  const off = runs.off ?? earlierOff;
  const table = sideBySide(on, off);
  const { byLayout, secondInstance } = earlier;
  const onFigures = on ? { ...on, mix: MIX_DESCRIPTION } : { mix: MIX_DESCRIPTION };
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        ...onFigures,
        ...(off ? { cacheOff: off } : {}),
        sideBySide: table,
        loadNote:
          'machine.underLoad: the 1-minute load average was above half the cores before the run (other agents shared the two cores); ' +
          'such figures are lower than a quiet machine would give',
        ...(byLayout ? { byLayout } : {}),
        ...(secondInstance ? { secondInstance } : {}),
      },
      null,
      2,
    )}\n`,
  );
  // load.json also keeps every layout's latest cache-on figures side by side.
  if (runs.on) recordSideBySide(layout.name, runs.on, readJson(SIDE_BY_SIDE_FILE)['byLayout'] as Record<string, TopologyFigures> | undefined);
  printSideBySide(table, on, off);
  console.log(`written to ${RESULTS_FILE}`);
  const errors = Object.values(runs).flatMap((run) => (run.errors > 0 ? [run.errorSamples] : []));
  if (errors.length > 0) {
    console.error('errors:', errors);
    process.exitCode = 1;
  }
}

if (process.argv.includes('--worker')) {
  process.once('message', (config) => {
    runWorker(config as BenchConfig)
      .then((result) => process.send?.({ kind: 'result', result } satisfies WorkerMessage, () => process.exit(0)))
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
