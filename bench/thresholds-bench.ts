/**
 * `npm run bench:thresholds`: the thresholds tab.
 *
 * 1. GET /api/sense/umbral/{id}/preview over 7 and 30 days of one metric, over real HTTP, beside
 *    the bare SQL it runs (the route's own statement: band and counts in one), on the demo farm. Targets: HTTP median ≤ 1.5×
 *    the SQL's, and under 50 ms for 7 days (PostgreSQL).
 * 2. In Chromium, the screen's first draw for the whole demo farm (60 nodes, a threshold per probe
 *    and metric): from the end of the /api/sense/umbrales response to the table's first rows in the
 *    DOM (a screenful: the rest is rendered behind it), and to its last row. Target: the first draw
 *    under 300 ms after the data arrives. Needs the built console (`npm run build`);
 *    skipped with a note when there is none.
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a database
 * `camposense_bench_thresholds` created afresh; otherwise an in-memory PGlite. BENCH_DAYS (default
 * 31) days of readings; BENCH_RUNS (default 1000) timed runs after BENCH_WARMUP (default 100);
 * BENCH_UI_RUNS (default 5). Prints a table and writes bench/results/thresholds.json with the load
 * average beside each figure.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp, previewStatement } from '@camposense/api';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase } from '@camposense/db';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { compareTimings, httpCall, httpGet, openBenchDatabase, signInAdmin, stats } from './support';

const BENCH_DATABASE = 'camposense_bench_thresholds';
const DAYS = Number(process.env['BENCH_DAYS'] ?? 31);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1000);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 100);
const UI_RUNS = Number(process.env['BENCH_UI_RUNS'] ?? 5);
const TARGET_RATIO = 1.5;
const TARGET_7_DAYS_MS = 50;
const TARGET_DRAW_MS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
const CONSOLE_DIR = fileURLToPath(new URL('../dist/console', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('./results/thresholds.json', import.meta.url));

const load = () => loadavg().map((value) => Number(value.toFixed(2)));

interface Band {
  umbralid: number;
  minimo: number;
  maximo: number;
}

async function main(): Promise<void> {
  const started = Date.now();
  // The farm is written once and kept (PostgreSQL), so a run on a quiet machine starts at once;
  // its readings end when it was written, so keep it no longer than a few hours.
  const { database, label } = await openBenchDatabase({ name: BENCH_DATABASE, reuse: true });
  console.log(`Base de datos: ${label}. Granja de demostración de ${DAYS} días…`);
  const prepared = await prepareDatabase(database, { demo: true, farm: { days: DAYS }, progress: false });
  const farm = prepared.farm!;
  console.log(
    `Granja ${farm.created ? `escrita en ${((Date.now() - started) / 1000).toFixed(0)} s` : 'ya existente'}: ${farm.counts.mediciones} mediciones, ${farm.counts.umbrales} umbrales.`,
  );
  if (database.kind === 'postgres' && farm.created) await database.query(sql`analyze`);
  const now = new Date();

  const [band] = await database.query<Band>(sql`
    select umbralid, minimo, maximo from sense.umbral
     where statusid = 1 order by umbralid limit 1`);
  if (!band) throw new Error('no thresholds');
  // A band narrowed to a third of its width: many more readings break it.
  const third = (band.maximo - band.minimo) / 3;
  const edited = { minimo: band.minimo + third, maximo: band.maximo - third };

  // The read cache off: the preview and the first draw are timed doing their work.
  const app = await buildApp({
    database,
    readCacheMs: 0,
    jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'),
    consoleDir: existsSync(`${CONSOLE_DIR}/index.html`) ? CONSOLE_DIR : undefined,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const preview = [];
  let draw:
    | { nodes: number; thresholds: number; firstRows: number; rows: number; afterData: ReturnType<typeof stats>; completeAfterData: ReturnType<typeof stats>; load: number[] }
    | { skipped: string } = {
    skipped: 'sin consola compilada (npm run build)',
  };
  try {
    const token = await signInAdmin(address);
    // What any call costs here before its own work: /api/health over the same loopback HTTP, no
    // database, no token. It says how much of the ratio is the transport, not the route.
    const health = async () => {
      const { status } = await httpGet(address, '/api/health');
      if (status !== 200) throw new Error(`/api/health: ${status}`);
    };
    const floor = (await compareTimings(health, health, { runs: RUNS, warmup: WARMUP })).measured;

    for (const days of [7, 30]) {
      const end = now;
      const start = new Date(end.getTime() - days * DAY_MS);
      const url = `/api/sense/umbral/${band.umbralid}/preview?minimo=${edited.minimo}&maximo=${edited.maximo}&days=${days}&endDate=${end.toISOString()}`;
      // The route's own statement (one round trip: band and counts), bare.
      const bare = previewStatement(band.umbralid, edited, { start, end });
      type Answer = { total: number; current: { readings: number; episodes: number }; edited: { readings: number; episodes: number } };
      let answer: Answer | null = null;
      const fetchPreview = httpCall(address, url, token);
      const callHttp = async () => {
        answer = JSON.parse(await fetchPreview()) as Answer;
      };
      const loadBefore = load();
      const comparison = await compareTimings(callHttp, () => database.query(bare), { runs: RUNS, warmup: WARMUP });
      const received = answer as Answer | null;
      const http = comparison.measured;
      const bareStats = comparison.reference;
      preview.push({
        days,
        readings: received?.total ?? 0,
        current: received?.current,
        edited: received?.edited,
        http,
        sql: bareStats,
        httpFloor: floor,
        routeAboveFloorMs: Number((http.median - floor.median).toFixed(2)),
        ratio: Number(comparison.ratio.toFixed(2)),
        load: { before: loadBefore, after: load() },
      });
    }

    if (existsSync(`${CONSOLE_DIR}/index.html`)) draw = await measureFirstDraw(address, database);
  } finally {
    await app.close();
    await database.close();
  }

  console.log(`\nVista previa del umbral ${band.umbralid} (banda ${band.minimo}–${band.maximo} → ${edited.minimo.toFixed(2)}–${edited.maximo.toFixed(2)}), ${RUNS} corridas:`);
  console.table(
    preview.map((row) => ({
      días: row.days,
      lecturas: row.readings,
      'HTTP mediana ms': row.http.median.toFixed(1),
      'HTTP p95 ms': row.http.p95.toFixed(1),
      'SQL mediana ms': row.sql.median.toFixed(1),
      'SQL p95 ms': row.sql.p95.toFixed(1),
      'HTTP / SQL': row.ratio,
      'suelo HTTP ms': row.httpFloor.median.toFixed(1),
      carga: row.load.after.join(' '),
    })),
  );
  const week = preview.find((row) => row.days === 7)!;
  console.log(
    `Objetivos: 7 días < ${TARGET_7_DAYS_MS} ms: ${week.http.median.toFixed(1)} ms; HTTP ≤ ${TARGET_RATIO}× SQL: ` +
      preview.map((row) => `${row.days} d ${row.ratio}×`).join(', ') +
      (label.startsWith('postgres') ? '' : ' (medido en PGlite)'),
  );
  if ('skipped' in draw) console.log(`Primer dibujo: omitido, ${draw.skipped}.`);
  else
    console.log(
      `Primer dibujo de ${draw.nodes} nodos y ${draw.thresholds} umbrales (${draw.firstRows} de ${draw.rows} filas), tras llegar los datos: ` +
        `mediana ${draw.afterData.median.toFixed(0)} ms, p95 ${draw.afterData.p95.toFixed(0)} ms (objetivo < ${TARGET_DRAW_MS} ms); ` +
        `todas las filas: mediana ${draw.completeAfterData.median.toFixed(0)} ms, p95 ${draw.completeAfterData.p95.toFixed(0)} ms; carga ${draw.load.join(' ')}`,
    );
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        database: label,
        days: DAYS,
        runs: RUNS,
        umbral: band.umbralid,
        targets: { ratio: TARGET_RATIO, sevenDaysMs: TARGET_7_DAYS_MS, firstDrawAfterDataMs: TARGET_DRAW_MS },
        preview,
        firstDraw: draw,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Escrito ${RESULTS_FILE}`);
}

/**
 * Signs in as the admin, opens the thresholds tab with no filter (the whole farm) and times, in
 * the page, from the end of the /api/sense/umbrales response to the table's rows in the DOM.
 */
async function measureFirstDraw(address: string, database: Awaited<ReturnType<typeof openBenchDatabase>>['database']) {
  const [counts] = await database.query<{ nodes: number; thresholds: number }>(sql`
    select (select count(distinct nodoid) from sense.localizacion)::int as nodes, (select count(*) from sense.umbral)::int as thresholds`);
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const samples: number[] = [];
  const completeSamples: number[] = [];
  let firstRows = 0;
  let rows = 0;
  try {
    for (let run = 0; run < UI_RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Lima', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // Records when the table first holds rows, when its row count last changed, and when the scope's response ended.
      await page.addInitScript(() => {
        const marks = { drawnAt: 0, firstRows: 0, rows: 0, completeAt: 0 };
        (window as unknown as { __thresholdsBench: typeof marks }).__thresholdsBench = marks;
        new MutationObserver(() => {
          const table = document.querySelector('table[aria-label="Umbrales"]');
          const count = table?.querySelectorAll('tbody tr').length ?? 0;
          if (count === 0 || count === marks.rows) return;
          const now = performance.now();
          if (!marks.drawnAt) {
            marks.drawnAt = now;
            marks.firstRows = count;
          }
          marks.rows = count;
          marks.completeAt = now;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(address);
      await page.getByLabel('CORREO ELECTRÓNICO').fill(DEMO_USERS.find((user) => user.rol === 'admin')!.login);
      await page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
      await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor({ timeout: 60_000 });
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /CONFIGURACIÓN/ }).click();
      await page.getByRole('table', { name: 'Umbrales' }).waitFor({ timeout: 120_000 });
      // The whole list is in once its row count has held still for a second.
      let settled = -1;
      for (;;) {
        await page.waitForTimeout(1000);
        const count = await page.evaluate(() => (window as unknown as { __thresholdsBench: { rows: number } }).__thresholdsBench.rows);
        if (count === settled) break;
        settled = count;
      }
      const mark = await page.evaluate(() => {
        const marks = (window as unknown as { __thresholdsBench: { drawnAt: number; firstRows: number; rows: number; completeAt: number } }).__thresholdsBench;
        const entry = performance
          .getEntriesByType('resource')
          .filter((item) => /\/api\/sense\/umbrales(\?|$)/.test(item.name))
          .at(-1) as PerformanceResourceTiming | undefined;
        return { ...marks, responseEnd: entry?.responseEnd ?? 0 };
      });
      samples.push(mark.drawnAt - mark.responseEnd);
      completeSamples.push(mark.completeAt - mark.responseEnd);
      firstRows = mark.firstRows;
      rows = mark.rows;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    nodes: counts?.nodes ?? 0,
    thresholds: counts?.thresholds ?? 0,
    firstRows,
    rows,
    afterData: stats(samples),
    completeAfterData: stats(completeSamples),
    load: load(),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
