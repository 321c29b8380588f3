/**
 * `npm run bench:parameters` (tsx bench/parameters-bench.ts): the parameters area at scale.
 *   1. The status view of a table of BENCH_ROWS (default 100,000) thresholds over real HTTP, page 1
 *      and a middle page, in the default order, sorted by another column and searched, each beside
 *      the bare SQL the API runs for it (the page and its count). Target: HTTP ≤ 1.5× SQL.
 *   2. A massive import of BENCH_IMPORT_ROWS (default 10,000) thresholds end to end: the POST of
 *      `/api/sense/umbral/bulk` with foreign keys by label (node, type, metric by name), checked and
 *      written in one transaction; its dry run too. Target: < 3 s on PostgreSQL.
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a database
 * `camposense_parameters_bench` created afresh; otherwise an in-memory PGlite. BENCH_RUNS (default
 * 30) timed runs per side after BENCH_WARMUP (default 3); BENCH_IMPORT_RUNS (default 3) imports;
 * BENCH_DAYS (default 1) days of demo readings (the reference tables are what matters here).
 * Prints a table and writes bench/results/parameters.json.
 */
import { fileURLToPath } from 'node:url';
import { buildApp, createCatalogue, createTableQueries } from '@camposense/api';
import type { ListCriteria } from '@camposense/api';
import { prepareDatabase } from '@camposense/db';
import { tableDefinition } from '@camposense/domain';
import type { BulkCreateResult } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { compareTimings, openBenchDatabase, signInAdmin, stats, timed, writeBenchResults } from './support';
import type { Stats } from './support';

const BENCH_DATABASE = 'camposense_parameters_bench';
const ROWS = Number(process.env['BENCH_ROWS'] ?? 100_000);
const IMPORT_ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 10_000);
const IMPORT_RUNS = Number(process.env['BENCH_IMPORT_RUNS'] ?? 3);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const DAYS = Number(process.env['BENCH_DAYS'] ?? 1);
const PAGE_SIZE = 20;
const STATUS_TARGET = 1.5;
const IMPORT_TARGET_MS = 3000;
const RESULTS_FILE = fileURLToPath(new URL('./results/parameters.json', import.meta.url));
/** Every benchmark row's name starts so: the search case finds a tenth of them. */
const PREFIX = 'Umbral de carga';

interface StatusCase {
  name: string;
  url: string;
  criteria: ListCriteria;
  page: number;
}

const fmt = (value: number) => value.toFixed(1).padStart(8);

async function main(): Promise<void> {
  const started = Date.now();
  const { database, label } = await openBenchDatabase({ name: BENCH_DATABASE });
  console.log(`Base de datos: ${label}. Generando la granja de demostración (${DAYS} días)…`);
  await prepareDatabase(database, { demo: true, farm: { days: DAYS }, progress: process.stdout.isTTY === true });

  // A place every threshold may name: the farm's first sensor, its first metric, a location, a criticality.
  const [place] = await database.query<{ ubicacionid: number; nodoid: number; nodo: string; tipoid: number; tipo: string; metricaid: number; metrica: string; criticidadid: number }>(sql`
    select l.ubicacionid, n.nodoid, n.nodo, t.tipoid, t.tipo, m.metricaid, m.metrica, (select min(criticidadid) from sense.criticidad) as criticidadid
      from sense.metricasensor ms join sense.nodo n using (nodoid) join sense.tipo t using (tipoid) join sense.metrica m using (metricaid)
      join sense.localizacion l on l.nodoid = ms.nodoid
     order by ms.nodoid, ms.tipoid, ms.metricaid limit 1`);
  if (!place) throw new Error('the demo farm has no placed sensor');

  console.log(`Llenando umbral hasta ${ROWS} filas…`);
  // Inactive (statusid 0): the one-active-threshold index does not hold them; the audit trigger is
  // off for the fill only (it is the import's cost below, not the fill's).
  await database.query(sql`alter table sense.umbral disable trigger umbral_audit`);
  await database.query(sql`
    insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, statusid)
    select ${PREFIX} || ' ' || g, ${place.ubicacionid}, ${place.nodoid}, ${place.tipoid}, ${place.metricaid}, ${place.criticidadid}, -(g % 50), g % 97, 0
      from generate_series(1, greatest(0, ${ROWS} - (select count(*) from sense.umbral))) as g`);
  await database.query(sql`alter table sense.umbral enable trigger umbral_audit`);
  await database.query(sql`analyze`);
  const [{ total } = { total: 0 }] = await database.query<{ total: number }>(sql`select count(*)::int as total from sense.umbral`);

  // The read cache off: each request is timed doing its route's work, beside that work's bare SQL.
  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'), readCacheMs: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const bearer = `Bearer ${await signInAdmin(address)}`;

    const definition = tableDefinition('umbral');
    const queries = createTableQueries(database, createCatalogue(database));
    const middle = Math.max(1, Math.ceil(total / PAGE_SIZE / 2));
    const search = `${PREFIX} 7`;
    const searched = Math.ceil(total / 10 / PAGE_SIZE / 2);
    const cases: StatusCase[] = [
      { name: 'página 1', url: '', criteria: {}, page: 1 },
      { name: `página ${middle}`, url: '', criteria: {}, page: middle },
      { name: 'página 1 por maximo desc', url: '&sortBy=maximo&sortOrder=desc', criteria: { sortBy: 'maximo', sortOrder: 'desc' }, page: 1 },
      { name: `página ${middle} por maximo desc`, url: '&sortBy=maximo&sortOrder=desc', criteria: { sortBy: 'maximo', sortOrder: 'desc' }, page: middle },
      { name: `página 1 buscando «${search}»`, url: `&search=${encodeURIComponent(search)}`, criteria: { search }, page: 1 },
      {
        name: `página ${Math.max(1, searched)} buscando y por minimo`,
        url: `&search=${encodeURIComponent(search)}&sortBy=minimo&sortOrder=asc`,
        criteria: { search, sortBy: 'minimo', sortOrder: 'asc' },
        page: Math.max(1, searched),
      },
    ];

    const status: { name: string; url: string; http: Stats; sql: Stats; ratio: number }[] = [];
    for (const statusCase of cases) {
      const url = `/api/sense/umbral?page=${statusCase.page}&pageSize=${PAGE_SIZE}${statusCase.url}`;
      const [rows, count] = await Promise.all([
        queries.listStatement(definition, statusCase.criteria, PAGE_SIZE, (statusCase.page - 1) * PAGE_SIZE),
        queries.countStatement(definition, statusCase.criteria),
      ]);
      const comparison = await compareTimings(
        async () => {
          const response = await fetch(`${address}${url}`, { headers: { authorization: bearer } });
          if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          return response.text();
        },
        () => Promise.all([database.query(rows), database.query(count)]),
        { runs: RUNS, warmup: WARMUP },
      );
      status.push({ name: statusCase.name, url, http: comparison.measured, sql: comparison.reference, ratio: comparison.ratio });
    }

    // The import: node, type and metric by name, as a CSV would name them (a type's name repeats
    // across entities in the demo farm: the node's own probe settles it); inactive so rows never collide.
    const importRows = Array.from({ length: IMPORT_ROWS }, (_row, index) => ({
      umbral: `Importado ${index}`,
      ubicacionid: String(place.ubicacionid),
      nodoid: place.nodo,
      tipoid: place.tipo,
      metricaid: place.metrica,
      criticidadid: String(place.criticidadid),
      minimo: String(-index % 10),
      maximo: String(index % 90 + 10),
      statusid: '0',
    }));
    const postBulk = async (dryRun: boolean) => {
      const response = await fetch(`${address}/api/sense/umbral/bulk`, {
        method: 'POST',
        headers: { authorization: bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ rows: importRows, dryRun }),
      });
      const answer = (await response.json()) as BulkCreateResult;
      if (!response.ok || answer.errorCount > 0) throw new Error(`bulk: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
      if (answer.created !== (dryRun ? 0 : IMPORT_ROWS)) throw new Error(`bulk created ${answer.created} of ${IMPORT_ROWS}`);
    };
    const dryRuns: number[] = [];
    const imports: number[] = [];
    for (let run = 0; run < IMPORT_RUNS; run += 1) {
      dryRuns.push(await timed(() => postBulk(true)));
      imports.push(await timed(() => postBulk(false)));
      // Not timed: the next run imports the same rows again.
      await database.query(sql`delete from sense.umbral where umbral like 'Importado %'`);
    }
    const importStats = stats(imports);
    const dryRunStats = stats(dryRuns);

    console.log(`\nVista de estado de umbral (${total} filas, ${PAGE_SIZE} por página)`);
    console.log(`${'caso'.padEnd(46)}  HTTP med   p95    SQL med   p95   HTTP/SQL (objetivo ≤ ${STATUS_TARGET}×)`);
    for (const result of status) {
      console.log(`${result.name.padEnd(46)} ${fmt(result.http.median)} ${fmt(result.http.p95)} ${fmt(result.sql.median)} ${fmt(result.sql.p95)}   ${result.ratio.toFixed(2)}×`);
    }
    console.log(`\nCarga masiva de ${IMPORT_ROWS} umbrales por etiqueta (${IMPORT_RUNS} veces), objetivo < ${IMPORT_TARGET_MS} ms en PostgreSQL`);
    console.log(`  dryRun: mediana ${dryRunStats.median.toFixed(0)} ms, máx ${dryRunStats.max.toFixed(0)} ms`);
    console.log(`  escritura: mediana ${importStats.median.toFixed(0)} ms, máx ${importStats.max.toFixed(0)} ms`);

    writeBenchResults(RESULTS_FILE, label, {
      runs: RUNS,
      warmup: WARMUP,
      table: { name: 'umbral', rows: total, pageSize: PAGE_SIZE },
      status: status.map((result) => ({ ...result, withinTarget: result.ratio <= STATUS_TARGET })),
      statusTarget: STATUS_TARGET,
      massiveImport: {
        rows: IMPORT_ROWS,
        runs: IMPORT_RUNS,
        write: importStats,
        dryRun: dryRunStats,
        targetMs: IMPORT_TARGET_MS,
        withinTarget: importStats.median < IMPORT_TARGET_MS,
      },
    });
    console.log(`\nResultados en ${RESULTS_FILE} (${((Date.now() - started) / 1000).toFixed(0)} s en total).`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
