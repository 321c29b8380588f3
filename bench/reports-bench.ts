/**
 * `npm run bench:reports` (tsx bench/reports-bench.ts): the alerts and messages reports over real
 * HTTP beside the bare SQL they run, on the default demo farm, then the CSV export of at least
 * 100,000 alerts: rows per second and the API process's peak memory, beside the same keyset
 * batches run bare.
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: the farm goes into a database
 * `camposense_reports_bench` created afresh on that server. Otherwise an in-memory PGlite.
 * BENCH_RUNS (default 30) timed runs per side after BENCH_WARMUP (default 3); BENCH_DAYS (default
 * 30) days of readings; BENCH_EXPORT_ROWS (default 100000) alerts for the export.
 * The API runs in this process, so the memory figures are this process's resident set: the client
 * side only counts the bytes of the streamed answer, it keeps none of them.
 * Prints a table and writes bench/results/reports.json.
 */
import { fileURLToPath } from 'node:url';
import { buildApp, createReportQueries, encodeReportCursor, reportStatements } from '@camposense/api';
import type { PageWindow } from '@camposense/api';
import { prepareDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { REPORT_DEFAULT_SORT, REPORT_MAX_PAGE_OFFSET, REPORT_PAGE_SIZE } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { compareTimings, httpCall, openBenchDatabase, signInAdmin, type Stats, writeBenchResults } from './support';

const BENCH_DATABASE = 'camposense_reports_bench';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const DAYS = Number(process.env['BENCH_DAYS'] ?? 30);
const EXPORT_ROWS = Number(process.env['BENCH_EXPORT_ROWS'] ?? 100_000);
/** The batch size the API's export uses (ReportRoutesOptions.csvBatchSize's default). */
const CSV_BATCH = 5000;
const RESULTS_FILE = fileURLToPath(new URL('./results/reports.json', import.meta.url));

interface PageResult {
  name: string;
  url: string;
  http: Stats;
  sql: Stats;
  ratio: number;
}

/** Samples the resident set every 5 ms while `work` runs; answers the time, the peak and the result. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ ms: number; baselineMb: number; peakMb: number; result: T }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = process.hrtime.bigint();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, baselineMb: baseline / 2 ** 20, peakMb: peak / 2 ** 20, result };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Copies the farm's alerts, shifted back in time, until there are at least `target`: the same
 * thresholds and readings, so joins and filters behave as on real data.
 */
async function inflateAlerts(database: Database, target: number): Promise<number> {
  const [{ total } = { total: 0 }] = await database.query<{ total: number }>(sql`select count(*)::int as total from sense.alerta`);
  if (total === 0) throw new Error('the demo farm has no alerts to copy');
  const copies = Math.max(0, Math.ceil(target / total) - 1);
  if (copies > 0) {
    await database.query(sql`insert into sense.alerta (umbralid, medicionid, fecha, datecreated, statusid)
      select a.umbralid, a.medicionid, a.fecha - make_interval(days => 31 * copy), a.datecreated - make_interval(days => 31 * copy), a.statusid
      from sense.alerta a cross join generate_series(1, ${copies}) as copy`);
    await database.query(sql`analyze sense.alerta`);
  }
  const [counted] = await database.query<{ total: number }>(sql`select count(*)::int as total from sense.alerta`);
  return counted!.total;
}

const fmt = (value: number) => value.toFixed(1).padStart(8);

/**
 * Page `page` of a report as the console reaches it: by number within REPORT_MAX_PAGE_OFFSET rows
 * of the start (the API refuses deeper numbers), else by the cursor of the row before it, as an
 * operator following Next gets there (that row is read once here, untimed). Answers the query
 * string for the route and the window of the same rows for the bare statement.
 */
async function reportPageAt(
  database: Database,
  report: 'alertas' | 'mensajes',
  page: number,
  sort: { sortBy: string; sortOrder: string },
  statement: (window: PageWindow) => SQL,
  idColumn: string,
): Promise<{ query: string; window: PageWindow }> {
  const offset = (page - 1) * REPORT_PAGE_SIZE;
  if (offset <= REPORT_MAX_PAGE_OFFSET) return { query: `page=${page}`, window: { limit: REPORT_PAGE_SIZE, offset } };
  const [before] = await database.query<Record<string, unknown>>(statement({ limit: 1, offset: offset - 1 }));
  if (!before) throw new Error(`no row before page ${page}`);
  const bound = { sortKey: (before['sort_key'] ?? null) as string | null, id: Number(before[idColumn]) };
  const cursor = encodeReportCursor({ page, sort: `${report} ${sort.sortBy} ${sort.sortOrder}`, bound });
  return { query: `after=${cursor}`, window: { limit: REPORT_PAGE_SIZE, offset: 0, after: bound } };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { database, label } = await openBenchDatabase({ name: BENCH_DATABASE });
  console.log(`Base de datos: ${label}. Generando la granja de demostración (${DAYS} días)…`);
  const prepared = await prepareDatabase(database, { demo: true, farm: { days: DAYS }, progress: process.stdout.isTTY === true });
  console.log(`Granja lista en ${((Date.now() - started) / 1000).toFixed(0)} s: ${prepared.farm?.counts.alertas ?? '?'} alertas, ${prepared.farm?.counts.mensajes ?? '?'} mensajes.`);
  if (database.kind === 'postgres') await database.query(sql`analyze`);

  // The read cache off: each request is timed doing its route's work, beside that work's bare SQL.
  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'), readCacheMs: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await signInAdmin(address);

    // The filter of the middle-page case: the criticality and farm with the most alerts.
    const [busiest] = await database.query<{ criticidadid: number; fundoid: number; total: number }>(sql`
      select u.criticidadid, ub.fundoid, count(*)::int as total from sense.alerta a join sense.umbral u using (umbralid)
      join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid group by 1, 2 order by 3 desc limit 1`);
    const filter = { criticidadId: busiest!.criticidadid, fundoId: busiest!.fundoid };
    // The route reads the filter's thresholds first (one short query, in its HTTP figure) and hands
    // their ids to the page and the count; the bare statements get the same ids.
    const thresholds = (await database.query<{ umbralid: number }>(reportStatements.alertaThresholds(filter)!)).map((row) => row.umbralid);
    const middle = Math.max(1, Math.ceil(busiest!.total / REPORT_PAGE_SIZE / 2));
    const [{ total: mensajes } = { total: 0 }] = await database.query<{ total: number }>(sql`select count(*)::int as total from sense.mensaje`);
    const sort = REPORT_DEFAULT_SORT;
    const firstPage: PageWindow = { limit: REPORT_PAGE_SIZE, offset: 0 };
    // Middle pages past the API's bound are reached (and timed) by cursor, as the console's Next does.
    const alertasMiddle = await reportPageAt(database, 'alertas', middle, sort, (window) => reportStatements.alertasPage(filter, sort, window, thresholds), 'alertaid');
    const mensajesMiddlePage = Math.max(1, Math.ceil(mensajes / REPORT_PAGE_SIZE / 2));
    const mensajesMiddle = await reportPageAt(database, 'mensajes', mensajesMiddlePage, sort, (window) => reportStatements.mensajesPage({}, sort, window), 'mensajeid');
    const reached = (query: string) => (query.startsWith('after=') ? ' (por cursor)' : '');

    const cases: { name: string; url: string; statements: SQL[] }[] = [
      {
        name: 'alertas: página 1',
        url: '/api/sense/reports/alertas?page=1',
        statements: [reportStatements.alertasPage({}, sort, firstPage), reportStatements.alertasCount({})],
      },
      {
        name: `alertas: página ${middle} con criticidad y fundo${reached(alertasMiddle.query)}`,
        url: `/api/sense/reports/alertas?${alertasMiddle.query}&criticidadId=${filter.criticidadId}&fundoId=${filter.fundoId}`,
        statements: [
          reportStatements.alertasPage(filter, sort, alertasMiddle.window, thresholds),
          reportStatements.alertasCount(filter, thresholds),
        ],
      },
      {
        name: 'alertas: página 1 por valor',
        url: '/api/sense/reports/alertas?page=1&sortBy=valor&sortOrder=desc',
        statements: [reportStatements.alertasPage({}, { sortBy: 'valor', sortOrder: 'desc' }, firstPage), reportStatements.alertasCount({})],
      },
      {
        name: `mensajes: página ${mensajesMiddlePage}${reached(mensajesMiddle.query)}`,
        url: `/api/sense/reports/mensajes?${mensajesMiddle.query}`,
        statements: [reportStatements.mensajesPage({}, sort, mensajesMiddle.window), reportStatements.mensajesCount({})],
      },
    ];

    const pages: PageResult[] = [];
    for (const benchCase of cases) {
      const callHttp = httpCall(address, benchCase.url, token);
      const callSql = () => Promise.all(benchCase.statements.map((statement) => database.query(statement)));
      const { measured: http, reference: bare } = await compareTimings(callHttp, callSql, { runs: RUNS, warmup: WARMUP });
      pages.push({ name: benchCase.name, url: benchCase.url, http, sql: bare, ratio: http.median / bare.median });
    }

    console.log(`\nCopiando alertas hasta ${EXPORT_ROWS}…`);
    const alertas = await inflateAlerts(database, EXPORT_ROWS);

    // The export over HTTP: the answer is read as a stream and only its line ends are counted.
    const exportHttp = await withPeakMemory(async () => {
      const response = await fetch(`${address}/api/sense/reports/alertas.csv`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      }
      return { rows: lines - 1, bytes };
    });
    // The same keyset batches, bare: the database's share of the export.
    const queries = createReportQueries(database);
    const exportSql = await withPeakMemory(async () => {
      let rows = 0;
      for await (const batch of queries.alertasCsvBatches({}, sort, CSV_BATCH)) rows += batch.length;
      return { rows, bytes: 0 };
    });
    // For comparison: every row in one statement, as a report that loads it all would.
    const oneQuery = await withPeakMemory(async () => {
      const rows = await database.query(reportStatements.alertasBatch({}, sort, alertas + 1));
      return { rows: rows.length, bytes: 0 };
    });

    console.log(`\n${'caso'.padEnd(46)}  HTTP med   p95    SQL med   p95   HTTP/SQL`);
    for (const result of pages) {
      console.log(`${result.name.padEnd(46)} ${fmt(result.http.median)} ${fmt(result.http.p95)} ${fmt(result.sql.median)} ${fmt(result.sql.p95)}   ${result.ratio.toFixed(2)}×`);
    }
    const exportRows = [
      { name: `CSV alertas.csv por HTTP (${exportHttp.result.rows} filas, ${(exportHttp.result.bytes / 2 ** 20).toFixed(1)} MiB)`, run: exportHttp },
      { name: `SQL por lotes keyset de ${CSV_BATCH} (${exportSql.result.rows})`, run: exportSql },
      { name: `SQL en una consulta (${oneQuery.result.rows})`, run: oneQuery },
    ];
    console.log(`\n${'exportación'.padEnd(60)}      ms   filas/s   RSS base → pico (MiB)`);
    for (const { name, run } of exportRows) {
      const rate = (run.result.rows / run.ms) * 1000;
      console.log(`${name.padEnd(60)} ${run.ms.toFixed(0).padStart(7)} ${rate.toFixed(0).padStart(9)}   ${run.baselineMb.toFixed(0)} → ${run.peakMb.toFixed(0)} (+${(run.peakMb - run.baselineMb).toFixed(0)})`);
    }
    if (exportHttp.result.rows !== alertas) throw new Error(`the export wrote ${exportHttp.result.rows} rows of ${alertas}`);

    writeBenchResults(RESULTS_FILE, label, {
      runs: RUNS,
      warmup: WARMUP,
      farm: prepared.farm?.counts ?? null,
      pages,
      export: Object.fromEntries(
        exportRows.map(({ name, run }) => [
          name,
          { ms: run.ms, rows: run.result.rows, bytes: run.result.bytes, rowsPerSecond: (run.result.rows / run.ms) * 1000, rssBaselineMb: run.baselineMb, rssPeakMb: run.peakMb },
        ]),
      ),
    });
    console.log(`\nResultados en ${RESULTS_FILE} (${((Date.now() - started) / 1000).toFixed(0)} s en total).`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
