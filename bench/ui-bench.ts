/**
 * `npm run bench:ui`: in Chromium, the time from choosing a node on the dashboard to its three
 * charts drawn, for a range of 1 day and of 365 days, and how much of it comes after the data
 * arrived (the last /api/sense/series response to the last chart drawn).
 *
 * Needs the built console (`npm run build`). The API runs on BENCH_DATABASE_URL's (or
 * TEST_DATABASE_URL's) server, database `camposense_bench_series` (a year of readings: run
 * `npm run bench:series` first), or else on a new embedded database (30 days of demo readings).
 * Chromium from CHROME_PATH or /usr/bin/chromium. BENCH_UI_RUNS (default 5) runs per range.
 * Writes bench/results/ui.json. Target: charts drawn under 300 ms after the data arrives.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';

const RUNS = Number(process.env['BENCH_UI_RUNS'] ?? 5);
const TARGET_AFTER_DATA_MS = 300;
const EMAIL = 'operador@camposense.dev';
const PASSWORD = 'Campo#Sense2026';
const RESULTS_FILE = fileURLToPath(new URL('./results/ui.json', import.meta.url));

async function startApi(): Promise<{ baseUrl: string; label: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'camposense-ui-bench-'));
  const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  let databaseUrl: string | undefined;
  let label = 'pglite (granja nueva, 30 días)';
  if (serverUrl) {
    const url = new URL(serverUrl);
    url.pathname = '/camposense_bench_series';
    databaseUrl = url.toString();
    label = 'postgres (camposense_bench_series, un año)';
  }
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  await waitUntilListening(server, 300_000);
  return {
    baseUrl: server.baseUrl,
    label,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Sample {
  clickToDrawnMs: number;
  afterDataMs: number;
  drawMs: number;
  buckets: number;
}

/** One measured choice of a node on a fresh page (no cached series). */
async function measure(page: Page, baseUrl: string, startDay: string, endDay: string): Promise<Sample> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByLabel('FECHA INICIAL').fill(startDay);
  await page.getByLabel('FECHA FINAL').fill(endDay);
  await page.getByRole('button', { name: 'APLICAR' }).click();
  const node = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first();
  await node.waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    performance.clearResourceTimings();
    document.addEventListener('click', () => ((window as unknown as { clickAt: number }).clickAt = performance.now()), { capture: true, once: true });
  });
  await node.click();
  await page.waitForFunction(() => document.querySelectorAll('svg[role="img"][data-drawn-at]').length === 3, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const charts = [...document.querySelectorAll('svg[role="img"][data-drawn-at]')];
    const drawnAt = Math.max(...charts.map((chart) => Number(chart.getAttribute('data-drawn-at'))));
    const responses = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/sense/series')) as PerformanceResourceTiming[];
    const dataAt = Math.max(...responses.map((entry) => entry.responseEnd));
    const clickAt = (window as unknown as { clickAt: number }).clickAt;
    return {
      clickToDrawnMs: drawnAt - clickAt,
      afterDataMs: drawnAt - dataAt,
      drawMs: Math.max(...charts.map((chart) => Number(chart.getAttribute('data-draw-ms')))),
      buckets: Math.max(...charts.map((chart) => Number(chart.getAttribute('data-bucket-count')))),
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};

function localDay(offsetDays: number): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(date);
}

async function main(): Promise<void> {
  const api = await startApi();
  const browser = await chromium.launch({
    headless: true,
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results = [];
  try {
    const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Lima', viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(api.baseUrl);
    await page.getByLabel('CORREO ELECTRÓNICO').fill(EMAIL);
    await page.getByLabel('CONTRASEÑA').fill(PASSWORD);
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor({ timeout: 60_000 });
    for (const days of [1, 365]) {
      await measure(page, api.baseUrl, localDay(-(days - 1)), localDay(0)); // warm-up: chunks and server caches
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(page, api.baseUrl, localDay(-(days - 1)), localDay(0)));
      results.push({
        days,
        buckets: samples[0]?.buckets ?? 0,
        clickToDrawnMs: median(samples.map((sample) => sample.clickToDrawnMs)),
        afterDataMs: median(samples.map((sample) => sample.afterDataMs)),
        d3DrawMs: median(samples.map((sample) => sample.drawMs)),
      });
    }
  } finally {
    await browser.close();
    await api.stop();
  }
  console.log(`Base de datos: ${api.label}; ${RUNS} corridas por rango (medianas):`);
  console.table(
    results.map((row) => ({
      días: row.days,
      intervalos: row.buckets,
      'clic → 3 gráficos (ms)': row.clickToDrawnMs.toFixed(0),
      'datos → 3 gráficos (ms)': row.afterDataMs.toFixed(0),
      'dibujo d3 por gráfico (ms)': row.d3DrawMs.toFixed(1),
    })),
  );
  const worst = Math.max(...results.map((row) => row.afterDataMs));
  console.log(`Objetivo (< ${TARGET_AFTER_DATA_MS} ms tras llegar los datos): ${worst.toFixed(0)} ms — ${worst < TARGET_AFTER_DATA_MS ? 'cumplido' : 'NO cumplido'}`);
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ database: api.label, runs: RUNS, targetAfterDataMs: TARGET_AFTER_DATA_MS, results }, null, 2)}\n`);
  console.log(`Escrito ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
