/**
 * `npm run bench:api`: each /api/sense call over real HTTP against the bare SQL it runs, side by
 * side on the same database and connection pool, on the default demo farm (30 days of readings).
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: the farm goes into a database
 * `camposense_bench` created (afresh) on that server. Otherwise an in-memory PGlite.
 * BENCH_DATABASE_NAME names that database, BENCH_REUSE=1 keeps its farm from an earlier run.
 * BENCH_RUNS (default 30) timed runs per side after BENCH_WARMUP (default 3) untimed ones.
 * Prints a table and writes bench/results/api.json. Target (issue 31): each call's median within 1.2× of its SQL.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp, createCatalogue, createTableQueries, NODE_LIST_STATEMENT, nodosConLocalizacionStatement, readingsCountStatement, readingsStatement } from '@camposense/api';
import type { ListCriteria } from '@camposense/api';
import { prepareDatabase, runAsTenant } from '@camposense/db';
import type { Database, TenantScope } from '@camposense/db';
import { CHART_DATA_LIMIT, NODE_LIST_DEFAULT_LIMIT, REPORT_PAGE_SIZE, tableDefinition } from '@camposense/domain';
import type { TableName } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { compareTimings, httpCall, openBenchDatabase, signInAdmin, type Stats, writeBenchResults } from './support';

/** BENCH_DATABASE_NAME: the server's database for the farm (default camposense_bench), one of a session's own. */
const BENCH_DATABASE = benchDatabaseName(process.env['BENCH_DATABASE_NAME'] ?? 'camposense_bench');
/** BENCH_REUSE=1 keeps the farm of an earlier run (generating a million readings takes a minute). */
const REUSE = process.env['BENCH_REUSE'] === '1';
/**
 * BENCH_LOGIN: sign in as this demo user instead of the admin. A non-admin's calls run under
 * row-level security (issue 32), and so does the bare SQL beside them (runAsTenant with the user's
 * companies): the policies' cost is on both sides, the application's grant conditions on HTTP's.
 */
const LOGIN = process.env['BENCH_LOGIN'];
const TARGET_RATIO = 1.2;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const DAY_MS = 24 * 60 * 60 * 1000;
const RESULTS_FILE = fileURLToPath(new URL('./results/api.json', import.meta.url));

/** The name goes into create and drop statements: a plain identifier only. */
function benchDatabaseName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case identifier, not ${name}`);
  return name;
}

interface BenchCase {
  name: string;
  /** Path and query of the HTTP call. */
  url: string;
  /** The statements the call runs, run the way the API runs them (a page's rows and count together). */
  statements: SQL[];
  /** The name the API prepares its one statement under (PostgreSQL), so both sides skip planning alike. */
  prepare?: string;
}

interface CaseResult {
  name: string;
  url: string;
  http: Stats;
  sql: Stats;
  ratio: number;
  withinTarget: boolean;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { database, label } = await openBenchDatabase({ name: BENCH_DATABASE, reuse: REUSE });
  console.log(`Base de datos: ${label}. Generando la granja de demostración (30 días)…`);
  const prepared = await prepareDatabase(database, { demo: true, progress: process.stdout.isTTY === true });
  const counts = prepared.farm?.counts;
  console.log(`Granja lista en ${((Date.now() - started) / 1000).toFixed(0)} s: ${counts?.mediciones ?? '?'} mediciones.`);
  if (database.kind === 'postgres') await database.query(sql`analyze`);

  // The read cache off: each request is timed doing its route's work, beside that work's bare SQL.
  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'), readCacheMs: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await signInAdmin(address, ...(LOGIN ? [LOGIN] : []));
    const tenant = LOGIN ? await tenantOf(database, LOGIN) : null;
    if (tenant) console.log(`Como ${LOGIN}: empresas ${tenant.empresas.join(', ')}, bajo row-level security.`);

    const cases = await benchCases(database);
    const results: CaseResult[] = [];
    for (const benchCase of cases) {
      const callHttp = httpCall(address, benchCase.url, token);
      const options = benchCase.prepare === undefined ? undefined : { prepare: benchCase.prepare };
      const bareSql = () => Promise.all(benchCase.statements.map((statement) => database.query(statement, options)));
      const callSql = tenant ? () => runAsTenant(tenant, bareSql) : bareSql;
      const { measured: http, reference: bare } = await compareTimings(callHttp, callSql, { runs: RUNS, warmup: WARMUP });
      const ratio = http.median / bare.median;
      results.push({ name: benchCase.name, url: benchCase.url, http, sql: bare, ratio, withinTarget: ratio <= TARGET_RATIO });
      console.log(`  ${benchCase.name}: http ${http.median.toFixed(2)} ms, sql ${bare.median.toFixed(2)} ms`);
    }

    printTable(label, results);
    writeBenchResults(RESULTS_FILE, label, {
      runs: RUNS,
      warmup: WARMUP,
      targetRatio: TARGET_RATIO,
      farm: counts ?? null,
      results,
    });
    console.log(`\nResultados en ${RESULTS_FILE}`);
    if (results.some((result) => !result.withinTarget)) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

/** The companies `login` is granted, or null for an admin (who keeps the owner's role). */
async function tenantOf(database: Database, login: string): Promise<TenantScope | null> {
  const rows = await database.query<{ rol: string; empresaid: number | null }>(sql`
    select u.rol, ue.empresaid from sense.usuario u left join sense.usuarioempresa ue on ue.usuarioid = u.usuarioid
     where u.login = ${login} order by ue.empresaid`);
  if (rows.length === 0) throw new Error(`BENCH_LOGIN: no user ${login}`);
  if (rows[0]!.rol === 'admin') return null;
  return { empresas: rows.flatMap((row) => (row.empresaid === null ? [] : [row.empresaid])) };
}

/** The calls of issue 3's benchmark, with the statements each runs, on the farm's busiest location. */
async function benchCases(database: Database): Promise<BenchCase[]> {
  const [place] = await database.query<{ ubicacionid: number; last: number }>(sql`
    select ubicacionid, (extract(epoch from max(fecha)) * 1000)::float8 as last
      from sense.medicion group by ubicacionid order by count(*) desc, ubicacionid limit 1`);
  if (!place) throw new Error('the farm has no readings');
  const end = new Date(place.last);
  const window = (days: number) => ({ ubicacionId: place.ubicacionid, start: new Date(end.getTime() - days * DAY_MS), end: new Date(end.getTime() + 1) });
  const query = (days: number) =>
    `ubicacionId=${place.ubicacionid}&startDate=${new Date(end.getTime() - days * DAY_MS).toISOString()}&endDate=${end.toISOString()}`;

  const catalogue = createCatalogue(database);
  const tables = createTableQueries(database, catalogue);
  const page = async (table: TableName, criteria: ListCriteria, number: number) => [
    await tables.listStatement(tableDefinition(table), criteria, REPORT_PAGE_SIZE, (number - 1) * REPORT_PAGE_SIZE),
    await tables.countStatement(tableDefinition(table), criteria),
  ];
  const byFecha: ListCriteria = { sortBy: 'fecha', sortOrder: 'desc', filters: {} };
  const [nodo] = await database.query<{ nodo: string }>(sql`select nodo from sense.nodo order by nodoid limit 1`);
  // A search a person would type: part of a node's name, in lower case.
  const search = (nodo?.nodo ?? 'nodo').slice(0, 8).toLowerCase();

  return [
    {
      name: 'mediciones: 7 días de una ubicación',
      url: `/api/sense/mediciones?${query(7)}`,
      statements: [readingsStatement(window(7), CHART_DATA_LIMIT)],
    },
    {
      name: 'mediciones countOnly: 30 días',
      url: `/api/sense/mediciones?${query(30)}&countOnly=true`,
      statements: [readingsCountStatement(window(30))],
    },
    {
      name: 'medicion por fecha: página 1',
      url: `/api/sense/medicion?page=1&pageSize=${REPORT_PAGE_SIZE}&sortBy=fecha&sortOrder=desc`,
      statements: await page('medicion', byFecha, 1),
    },
    {
      name: 'medicion por fecha: página 50',
      url: `/api/sense/medicion?page=50&pageSize=${REPORT_PAGE_SIZE}&sortBy=fecha&sortOrder=desc`,
      statements: await page('medicion', byFecha, 50),
    },
    {
      name: `nodo: búsqueda "${search}"`,
      url: `/api/sense/nodo?page=1&pageSize=${REPORT_PAGE_SIZE}&search=${encodeURIComponent(search)}`,
      statements: await page('nodo', { search, filters: {} }, 1),
    },
    {
      name: 'nodos-con-localizacion',
      url: `/api/sense/nodos-con-localizacion?limit=${NODE_LIST_DEFAULT_LIMIT}`,
      statements: [nodosConLocalizacionStatement(NODE_LIST_DEFAULT_LIMIT)],
      prepare: NODE_LIST_STATEMENT,
    },
  ];
}

function printTable(label: string, results: CaseResult[]): void {
  const rows = results.map((result) => [
    result.name,
    result.http.median.toFixed(2),
    result.http.p95.toFixed(2),
    result.sql.median.toFixed(2),
    result.sql.p95.toFixed(2),
    `${result.ratio.toFixed(2)}×`,
    `+${(result.http.median - result.sql.median).toFixed(2)}`,
    result.withinTarget ? 'sí' : 'NO',
  ]);
  const header = ['llamada', 'http mediana', 'http p95', 'sql mediana', 'sql p95', 'http/sql', 'http−sql', `≤ ${TARGET_RATIO}×`];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const [load1] = loadavg();
  console.log(`\nAPI frente a SQL directo (${label}, ms, ${RUNS} ejecuciones, carga del sistema ${load1!.toFixed(1)})`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

await main();
