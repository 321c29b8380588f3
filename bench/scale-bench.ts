/**
 * `npm run bench:scale` (issue 17, "Big data stays fast"): a year of a farm 10× the demo's (600
 * nodes, ~126 M readings) on PostgreSQL, `medicion` partitioned by month, and on it:
 * - the series of one node and metric over the year (target < 100 ms),
 * - a page of the alerts, the first and one from the middle (target < 50 ms): the console's alerts
 *   report (/api/sense/reports/alertas, its total from the kept counts) and the generic table
 *   (/api/sense/alerta, which still counts every row),
 * - ingest over HTTP with bench:ingest's workload (target: within 20% of bench/results/ingest.json),
 *   and the same over every probe metric of the big farm.
 * Reads are timed with the API's read cache off (READ_CACHE_MS=0): the database's work is measured,
 * not memory. Writes bench/results/scale.json.
 *
 * The farm is built once into `camposense_bench_scale` (another size: `…_f{FACTOR}_d{DAYS}`) on BENCH_DATABASE_URL's server (tens of
 * minutes on two cores, ~25 GB) and kept: later runs measure at once. BENCH_SCALE_REBUILD=1 builds
 * it again; BENCH_SCALE_FACTOR (default 10) and BENCH_SCALE_DAYS (default 365) size it;
 * BENCH_SCALE_BUILD_ONLY=1 builds it and stops, so the build can run while the machine is busy and
 * the measurement later on a quiet one.
 *
 * How it is built: the demo farm (60 nodes, 6 probe metrics each) is written for one day, its
 * nodes are copied FACTOR - 1 times with their probes, places and thresholds, and every probe
 * metric gets a reading every 15 minutes back over the days, month by month, in SQL: a daily
 * wave inside its threshold's band and, one slot in 211, a value above it, which becomes an alert.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { buildApp, encodeReportCursor } from '@camposense/api';
import { prepareDatabase, type Database } from '@camposense/db';
import { REPORT_MAX_PAGE_OFFSET } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { httpCall, httpGet, httpRequest, INGEST_HTTP_BATCH, ingestOverHttp, openBenchDatabase, probeMetrics, probeReadings, signInAdmin, stats, timed, writeBenchResults } from './support';

const FACTOR = Number(process.env['BENCH_SCALE_FACTOR'] ?? 10);
const DAYS = Number(process.env['BENCH_SCALE_DAYS'] ?? 365);
const REBUILD = process.env['BENCH_SCALE_REBUILD'] === '1';
// Build (or find) the farm and stop: the build may share the machine, the measurement may not.
const BUILD_ONLY = process.env['BENCH_SCALE_BUILD_ONLY'] === '1';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
// Another size is another database: a small trial run never replaces the year built at length.
const DATABASE_NAME = FACTOR === 10 && DAYS === 365 ? 'camposense_bench_scale' : `camposense_bench_scale_f${FACTOR}_d${DAYS}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const INGEST_READINGS = 100_000;
const RESULTS_FILE = fileURLToPath(new URL('./results/scale.json', import.meta.url));
const INGEST_RESULTS = fileURLToPath(new URL('./results/ingest.json', import.meta.url));
const TARGETS = { seriesYearMs: 100, alertsPageMs: 50, ingestWithinFraction: 0.2 };

interface Built {
  factor: number;
  days: number;
  builtAt: string;
  end: string;
  readings: number;
  alerts: number;
  buildSeconds: number;
}

async function builtFarm(database: Database): Promise<Built | null> {
  const [exists] = await database.query<{ present: boolean }>(sql`select to_regclass('public.bench_scale_built') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await database.query<{ info: Built }>(sql`select info from public.bench_scale_built`);
  return row?.info.factor === FACTOR && row.info.days === DAYS ? row.info : null;
}

async function build(database: Database): Promise<Built> {
  const started = Date.now();
  const end = new Date();
  const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
  await prepareDatabase(database, { demo: true, farm: { days: 1, now: end } });
  log('demo farm of one day written; copying its nodes');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      create temporary table demo_nodes on commit drop as select nodoid, nodo, nodoabrev, deveui from sense.nodo`);
    await tx.execute(sql`
      insert into sense.nodo (nodo, nodoabrev, deveui, statusid)
      select d.nodo || ' r' || k, left(coalesce(d.nodoabrev, 'N') || k, 10),
             case when d.deveui is null then null else lpad(to_hex(k), 2, '0') || substr(d.deveui, 3) end, 1
        from demo_nodes d cross join generate_series(1, ${FACTOR - 1}) k`);
    await tx.execute(sql`
      create temporary table node_copies on commit drop as
      select d.nodoid as original, c.nodoid as copy
        from demo_nodes d cross join generate_series(1, ${FACTOR - 1}) k
        join sense.nodo c on c.nodo = d.nodo || ' r' || k`);
    await tx.execute(sql`
      insert into sense.sensor (nodoid, tipoid, statusid)
      select nc.copy, s.tipoid, s.statusid from sense.sensor s join node_copies nc on nc.original = s.nodoid`);
    await tx.execute(sql`
      insert into sense.metricasensor (nodoid, metricaid, tipoid, statusid)
      select nc.copy, ms.metricaid, ms.tipoid, ms.statusid from sense.metricasensor ms join node_copies nc on nc.original = ms.nodoid`);
    await tx.execute(sql`
      insert into sense.localizacion (entidadid, ubicacionid, nodoid, latitud, longitud, referencia, statusid)
      select l.entidadid, l.ubicacionid, nc.copy, l.latitud, l.longitud, l.referencia, l.statusid
        from sense.localizacion l join node_copies nc on nc.original = l.nodoid`);
    await tx.execute(sql`
      insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, statusid)
      select u.umbral, u.ubicacionid, nc.copy, u.tipoid, u.metricaid, u.criticidadid, u.minimo, u.maximo, u.statusid
        from sense.umbral u join node_copies nc on nc.original = u.nodoid`);
  });
  // Fresh statistics, or the planner takes the copied tables for the demo's and loops.
  await database.query(sql`analyze sense.nodo, sense.sensor, sense.metricasensor, sense.localizacion, sense.umbral`);
  const [probes] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.metricasensor`);
  log(`${probes?.n} probe metrics; writing ${DAYS} days of readings, month by month`);

  const first = new Date(Math.ceil((end.getTime() - DAYS * DAY_MS) / 900_000) * 900_000);
  // The demo farm's own day is left as it is.
  const last = new Date(end.getTime() - DAY_MS);
  for (let from = first; from < last; ) {
    const monthEnd = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const to = monthEnd < last ? monthEnd : last;
    const rows = await database.query<{ n: number }>(sql`
      with written as (
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
        select ts,
               case when (extract(epoch from ts)::bigint / 900 + ms.nodoid * 7 + ms.metricaid) % 211 = 0
                      then coalesce(u.maximo, 50) + 3
                    else coalesce((u.minimo + u.maximo) / 2, 20)
                         + coalesce((u.maximo - u.minimo) / 4, 2) * sin(extract(epoch from ts) / 13751.0 + ms.nodoid) end,
               ms.nodoid, ms.tipoid, ms.metricaid, l.ubicacionid
          from sense.metricasensor ms
          join sense.localizacion l on l.nodoid = ms.nodoid and l.statusid = 1
          left join sense.umbral u on u.nodoid = ms.nodoid and u.tipoid = ms.tipoid and u.metricaid = ms.metricaid and u.statusid = 1
         cross join generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 microsecond', interval '15 minutes') ts
        on conflict (nodoid, metricaid, fecha, tipoid) do nothing
        returning 1)
      select count(*)::int as n from written`);
    // The month's statistics first: without them the alerts below loop over the month by index.
    await database.query(sql`analyze sense.medicion`);
    const [alerts] = await database.query<{ n: number }>(sql`
      with written as (
        insert into sense.alerta (umbralid, medicionid, fecha, statusid)
        select u.umbralid, m.medicionid, m.fecha, 0
          from sense.medicion m
          join sense.umbral u on u.nodoid = m.nodoid and u.tipoid = m.tipoid and u.metricaid = m.metricaid and u.statusid = 1
         where m.fecha >= ${from.toISOString()}::timestamptz and m.fecha < ${to.toISOString()}::timestamptz
           and (m.medicion > u.maximo or m.medicion < u.minimo)
        returning 1)
      select count(*)::int as n from written`);
    log(`${from.toISOString().slice(0, 7)}: ${rows[0]?.n} readings, ${alerts?.n} alerts`);
    from = to;
  }
  // What autovacuum does to a table that was written once: without the visibility map, the year's
  // series (an index-only scan) would visit the heap for every reading.
  log('vacuum analyze');
  await database.query(sql`vacuum (analyze) sense.medicion, sense.alerta`);
  const [counts] = await database.query<{ readings: number; alerts: number }>(sql`
    select (select count(*) from sense.medicion)::int as readings, (select count(*) from sense.alerta)::int as alerts`);
  const built: Built = {
    factor: FACTOR,
    days: DAYS,
    builtAt: new Date().toISOString(),
    end: end.toISOString(),
    readings: counts!.readings,
    alerts: counts!.alerts,
    buildSeconds: Math.round((Date.now() - started) / 1000),
  };
  await database.query(sql`create table if not exists public.bench_scale_built (info jsonb not null)`);
  await database.query(sql`delete from public.bench_scale_built`);
  await database.query(sql`insert into public.bench_scale_built (info) values (${JSON.stringify(built)}::jsonb)`);
  return built;
}

const summary = (samples: number[]) => {
  const figures = stats(samples);
  return { median: Number(figures.median.toFixed(1)), p95: Number(figures.p95.toFixed(1)), max: Number(figures.max.toFixed(1)) };
};

async function timedRuns(call: () => Promise<unknown>): Promise<ReturnType<typeof summary>> {
  for (let warm = 0; warm < 3; warm += 1) await call();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) samples.push(await timed(call));
  return summary(samples);
}

/**
 * The query of a deep page of a list as a reader reaches it now that pages by number stop 10,000
 * rows from either end (issue 27, item 8): `after=` the cursor of the row before it, as following
 * `pagination.next` would give. The cursor's sort is read from page 1's `next` (the list's own
 * order, tie-breakers included); the row before the page is read here once, untimed.
 */
async function tableCursorQuery(database: Database, address: string, token: string, url: string, table: string, page: number, pageSize: number): Promise<string> {
  const { body } = await httpGet(address, `${url}&page=1`, { authorization: `Bearer ${token}` });
  const next = (JSON.parse(body) as { pagination: { next: string | null } }).pagination.next;
  if (!next) throw new Error(`${url}: page 1 has no next page`);
  const [, signature] = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as [number, string, unknown];
  const terms = signature.split(',').map((term) => term.split(' ') as [string, string]);
  const [before] = await database.query<{ values: (string | null)[] }>(sql`
    select array[${sql.join(terms.map(([column]) => sql`${sql.identifier(column)}::text`), sql`, `)}] as values
      from sense.${sql.identifier(table)}
     order by ${sql.join(terms.map(([column, direction]) => sql`${sql.identifier(column)} ${direction === 'desc' ? sql`desc` : sql`asc`}`), sql`, `)}
     limit 1 offset ${(page - 1) * pageSize - 1}`);
  const cursor = Buffer.from(JSON.stringify([page, signature, before!.values]), 'utf8').toString('base64url');
  return `${url}&after=${cursor}`;
}

async function main(): Promise<void> {
  let { database, label } = await openBenchDatabase({ name: DATABASE_NAME, reuse: !REBUILD });
  if (database.kind !== 'postgres') throw new Error('bench:scale needs PostgreSQL: set BENCH_DATABASE_URL');
  let farm = await builtFarm(database);
  if (!farm) {
    // Nothing kept of this size (or a build cut short): start from an empty database.
    await database.close();
    ({ database, label } = await openBenchDatabase({ name: DATABASE_NAME, reuse: false }));
    farm = await build(database);
  } else {
    // A farm kept from an older checkout: migrated first, as `npm start` would upgrade it.
    const migration = await prepareDatabase(database);
    if (migration.applied > 0) console.log(`kept farm migrated: ${migration.applied} migration(s) applied`);
  }
  console.log(`farm: ${farm.readings} readings, ${farm.alerts} alerts (built in ${farm.buildSeconds} s on ${farm.builtAt})`);
  if (BUILD_ONLY) {
    await database.close();
    return;
  }

  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'), readCacheMs: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await signInAdmin(address);
    const end = new Date(farm.end);
    const [probe] = await database.query<{ nodoid: number; metricaid: number }>(sql`
      select nodoid, metricaid from sense.metricasensor order by nodoid desc, metricaid limit 1`);
    const seriesUrl =
      `/api/sense/series?nodoId=${probe!.nodoid}&metricaId=${probe!.metricaid}` +
      `&startDate=${new Date(end.getTime() - 365 * DAY_MS).toISOString()}&endDate=${end.toISOString()}&maxPoints=800`;
    const series = await timedRuns(httpCall(address, seriesUrl, token));
    const [{ n: alertCount } = { n: 0 }] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.alerta`);
    const middlePage = Math.max(1, Math.floor(alertCount / 20 / 2));
    const tableList = '/api/sense/alerta?pageSize=20&sortBy=fecha&sortOrder=desc';
    const page = (number: number) => `${tableList}&page=${number}`;
    const alertsFirst = await timedRuns(httpCall(address, page(1), token));
    // The middle of a year's alerts is far past the 10,000 rows a page number reaches: it is read
    // as an operator following Next reaches it, by cursor. `deepestByNumber` is the last page a
    // number still reaches from the start (the deepest offset the API reads).
    const deepestByNumber = Math.floor(REPORT_MAX_PAGE_OFFSET / 20) + 1;
    const alertsMiddle = await timedRuns(httpCall(address, await tableCursorQuery(database, address, token, tableList, 'alerta', middlePage, 20), token));
    const alertsDeepestByNumber = await timedRuns(httpCall(address, page(deepestByNumber), token));
    const reportList = '/api/sense/reports/alertas?pageSize=20&sortBy=fecha&sortOrder=desc';
    const reportFirst = await timedRuns(httpCall(address, `${reportList}&page=1`, token));
    const [reportBefore] = await database.query<{ sort_key: string; alertaid: number }>(
      sql`select fecha::text as sort_key, alertaid from sense.alerta order by fecha desc, alertaid desc limit 1 offset ${(middlePage - 1) * 20 - 1}`,
    );
    const reportCursor = encodeReportCursor({ page: middlePage, sort: 'alertas fecha desc', bound: { sortKey: reportBefore!.sort_key, id: reportBefore!.alertaid } });
    const reportMiddle = await timedRuns(httpCall(address, `${reportList}&after=${reportCursor}`, token));
    const reportDeepestByNumber = await timedRuns(httpCall(address, `${reportList}&page=${deepestByNumber}`, token));

    // Ingest at the end of the year, into the current month's partition: bench:ingest's workload
    // (support.ts probeReadings: the demo farm's 360 probe metrics in turn, a minute apart, one
    // value in twenty outside its band) sent the same way, so what differs from its figure is the
    // size of the data, not the work. Then the same over all 3,600 probe metrics of this farm
    // (ten times the distinct probes per batch to evaluate and keep the latest value of).
    const key = JSON.parse(
      (await httpRequest(address, '/api/ingest/keys', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ nombre: 'bench:scale' }) })).body,
    ) as { clave: string };
    const probes = await probeMetrics(database);
    const demoProbes = await probeMetrics(database, { demoNodesOnly: true });
    // From now on and new at every run: within the day ahead the API accepts (100,000 readings of
    // 360 probes are 278 minutes).
    const ingestFrom = new Date();
    const sameWorkload = Math.round(await ingestOverHttp(address, key.clave, [...probeReadings(demoProbes, ingestFrom, 0, INGEST_READINGS)]));
    const wholeFarm = Math.round(await ingestOverHttp(address, key.clave, [...probeReadings(probes, new Date(ingestFrom.getTime() + 30_000), 0, INGEST_READINGS)]));
    const demoSize = (JSON.parse(readFileSync(INGEST_RESULTS, 'utf8')) as { httpReadingsPerSecond: { value: number } }).httpReadingsPerSecond.value;

    const results = {
      farm,
      runs: RUNS,
      targets: TARGETS,
      readCache: 'off (READ_CACHE_MS=0): the database is measured',
      seriesYearMs: { ...series, url: seriesUrl },
      alertsPageMs: {
        first: alertsFirst,
        middle: { ...alertsMiddle, page: middlePage, of: Math.ceil(alertCount / 20), reachedBy: 'cursor' },
        deepestByNumber: { ...alertsDeepestByNumber, page: deepestByNumber },
      },
      alertsReportPageMs: {
        first: reportFirst,
        middle: { ...reportMiddle, page: middlePage, of: Math.ceil(alertCount / 20), reachedBy: 'cursor' },
        deepestByNumber: { ...reportDeepestByNumber, page: deepestByNumber },
      },
      ingestHttp: {
        readingsPerSecond: sameWorkload,
        demoSizeReadingsPerSecond: demoSize,
        fractionOfDemoSize: Number((sameWorkload / demoSize).toFixed(2)),
        workload: `bench:ingest's: ${demoProbes.length} probe metrics in turn, batches of ${INGEST_HTTP_BATCH}`,
        wholeFarm: { readingsPerSecond: wholeFarm, probeMetrics: probes.length },
      },
    };
    writeBenchResults(RESULTS_FILE, label, results);
    console.table({
      'series, a year': { 'median ms': series.median, 'p95 ms': series.p95, target: `< ${TARGETS.seriesYearMs} ms` },
      'alerts, page 1': { 'median ms': alertsFirst.median, 'p95 ms': alertsFirst.p95, target: `< ${TARGETS.alertsPageMs} ms` },
      [`alerts, page ${middlePage} (cursor)`]: { 'median ms': alertsMiddle.median, 'p95 ms': alertsMiddle.p95, target: `< ${TARGETS.alertsPageMs} ms` },
      [`alerts, page ${deepestByNumber} (deepest by number)`]: { 'median ms': alertsDeepestByNumber.median, 'p95 ms': alertsDeepestByNumber.p95, target: `< ${TARGETS.alertsPageMs} ms` },
      'alerts report, page 1': { 'median ms': reportFirst.median, 'p95 ms': reportFirst.p95, target: `< ${TARGETS.alertsPageMs} ms` },
      [`alerts report, page ${middlePage} (cursor)`]: { 'median ms': reportMiddle.median, 'p95 ms': reportMiddle.p95, target: `< ${TARGETS.alertsPageMs} ms` },
      [`alerts report, page ${deepestByNumber} (deepest by number)`]: { 'median ms': reportDeepestByNumber.median, 'p95 ms': reportDeepestByNumber.p95, target: `< ${TARGETS.alertsPageMs} ms` },
    });
    console.log(`ingest over HTTP: ${sameWorkload} readings/s (bench:ingest's workload; demo size: ${demoSize}; ${results.ingestHttp.fractionOfDemoSize}×); over all ${probes.length} probe metrics: ${wholeFarm}/s`);
    console.log(`written to ${RESULTS_FILE}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
