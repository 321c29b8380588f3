/**
 * `npm run bench:series`: GET /api/sense/series for one node and metric over 1, 30 and 365 days,
 * over real HTTP, beside the bare SQL of its buckets, on a year of demo readings.
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: the year goes into a database
 * `camposense_bench_series` created afresh on that server. Otherwise an in-memory PGlite.
 * BENCH_RUNS (default 30) timed runs per side after BENCH_WARMUP (default 3). Prints a table and
 * writes bench/results/series.json. Target: the year's median under 50 ms on PostgreSQL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@camposense/api';
import { prepareDatabase, seedDemoFarm, seedDemoUsers } from '@camposense/db';
import { sql } from 'drizzle-orm';
import { compareTimings, openBenchDatabase, signInAdmin } from './support';

const BENCH_DATABASE = 'camposense_bench_series';
const TARGET_MS = 50;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const MAX_POINTS = 800;
const DAY_MS = 24 * 60 * 60 * 1000;
const RESULTS_FILE = fileURLToPath(new URL('./results/series.json', import.meta.url));

/** BENCH_REUSE=1 keeps a year-long farm from an earlier run: generating 12 M readings takes minutes. */
const REUSE = process.env['BENCH_REUSE'] === '1';

/** The bucket width the route picks for a window (series-window.ts's rule, repeated for the bare SQL). */
function bucketSecondsFor(startMs: number, endMs: number, maxPoints: number): number {
  const nice = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
  const touched = (width: number) => Math.floor((endMs - 1) / (width * 1000)) - Math.floor(startMs / (width * 1000)) + 1;
  for (const width of nice) if (touched(width) <= maxPoints) return width;
  let days = 2;
  while (touched(days * 86400) > maxPoints) days += 1;
  return days * 86400;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { database, label } = await openBenchDatabase({ name: BENCH_DATABASE, reuse: REUSE });
  await prepareDatabase(database);
  await seedDemoUsers(database);
  const [kept] = await database.query<{ latest: Date | null; n: number }>(
    sql`select max(fecha) as latest, count(*)::int as n from sense.medicion`,
  );
  let now = new Date();
  if (REUSE && kept?.latest && kept.n > 0) {
    // The farm's own clock: its windows end at its newest reading.
    now = new Date(kept.latest);
    console.log(`Base de datos: ${label}, granja existente de ${kept.n} mediciones hasta ${now.toISOString()}.`);
  } else {
    console.log(`Base de datos: ${label}. Generando un año de lecturas de la granja de demostración…`);
    const farm = await seedDemoFarm(database, { days: 365, now });
    console.log(`Granja lista en ${((Date.now() - started) / 1000).toFixed(0)} s: ${farm.counts.mediciones} mediciones.`);
  }
  if (database.kind === 'postgres') await database.query(sql`analyze`);

  // The node and metric with the most readings: the heaviest single series of the farm.
  const [probe] = await database.query<{ nodoid: number; metricaid: number; n: number }>(sql`
    select nodoid, metricaid, count(*)::int as n from sense.medicion
     where fecha >= ${new Date(now.getTime() - 2 * DAY_MS).toISOString()}::timestamptz
     group by nodoid, metricaid order by n desc, nodoid, metricaid limit 1`);
  if (!probe) throw new Error('no readings');

  // The read cache off: each request is timed doing its route's work, beside that work's bare SQL.
  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('camposense-bench-secret-0123456789abcdef'), readCacheMs: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const results = [];
  try {
    const token = await signInAdmin(address);

    for (const days of [1, 30, 365]) {
      const end = now;
      const start = new Date(end.getTime() - days * DAY_MS);
      const url =
        `/api/sense/series?nodoId=${probe.nodoid}&metricaId=${probe.metricaid}` +
        `&startDate=${start.toISOString()}&endDate=${end.toISOString()}&maxPoints=${MAX_POINTS}`;
      const bucket = bucketSecondsFor(start.getTime(), end.getTime(), MAX_POINTS);
      // The route's bucket statement (modules/series/queries.ts), bare.
      const bare = sql`
        select date_bin(make_interval(secs => ${bucket}), m.fecha, 'epoch'::timestamptz) as t,
               min(m.medicion) as min, max(m.medicion) as max, sum(m.medicion) as sum, count(*)::int as count, max(m.fecha) as last
          from sense.medicion m
         where m.metricaid = ${probe.metricaid} and m.nodoid = ${probe.nodoid}
           and m.fecha >= ${start.toISOString()}::timestamptz and m.fecha < ${end.toISOString()}::timestamptz
         group by 1 order by 1`;
      let answer: { buckets: unknown[]; stats: { count: number } } | null = null;
      const callHttp = async () => {
        const response = await fetch(`${address}${url}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        answer = (await response.json()) as { buckets: unknown[]; stats: { count: number } };
      };
      const callSql = () => database.query(bare);
      const { measured: http, reference: bareStats } = await compareTimings(callHttp, callSql, { runs: RUNS, warmup: WARMUP });
      const received = answer as { buckets: unknown[]; stats: { count: number } } | null;
      results.push({
        days,
        readings: received?.stats.count ?? 0,
        buckets: received?.buckets.length ?? 0,
        bucketSeconds: bucket,
        http,
        sql: bareStats,
      });
    }
  } finally {
    await app.close();
    await database.close();
  }

  console.log(`\nSerie de un nodo y una métrica (nodo ${probe.nodoid}, métrica ${probe.metricaid}), ${RUNS} corridas, maxPoints ${MAX_POINTS}:`);
  console.table(
    results.map((row) => ({
      días: row.days,
      lecturas: row.readings,
      intervalos: row.buckets,
      'ancho (s)': row.bucketSeconds,
      'HTTP mediana ms': row.http.median.toFixed(1),
      'HTTP p95 ms': row.http.p95.toFixed(1),
      'SQL mediana ms': row.sql.median.toFixed(1),
      'SQL p95 ms': row.sql.p95.toFixed(1),
    })),
  );
  const year = results.find((row) => row.days === 365)!;
  const met = year.http.median < TARGET_MS;
  console.log(`Objetivo (un año, mediana < ${TARGET_MS} ms en PostgreSQL): ${year.http.median.toFixed(1)} ms — ${met ? 'cumplido' : 'NO cumplido'}${label.startsWith('postgres') ? '' : ' (medido en PGlite)'}`);
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ database: label, runs: RUNS, maxPoints: MAX_POINTS, targetMs: TARGET_MS, node: probe.nodoid, metric: probe.metricaid, results }, null, 2)}\n`,
  );
  console.log(`Escrito ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
