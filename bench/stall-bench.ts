/**
 * Stall benchmark (issue 27, item 8): how long does `/api/health/ready` take while ten readers page
 * deep at random through 200,000 readings of one country, and while a 100,000-row import (and its
 * dry run) runs? Targets: readiness p99 < 1 s on PGlite, and never 503 on PostgreSQL.
 *
 *   npm run bench:stall                       (PGlite in memory; PostgreSQL too when
 *                                              BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
 *                                              in a database of its own, camposense_stall)
 *   BENCH_SECONDS=20  (how long the readers read)
 *
 * The API runs in this process (PGlite is in-process anyway) and is called over loopback HTTP; the
 * readers are HTTP clients in the same process, so their own work is in the numbers too. Results:
 * bench/results/stall.json, with the 1-minute load average before and after (the machine is shared).
 */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@camposense/api';
import { createDatabase, MEMORY_DATA_DIR, prepareDatabase, seedDemoFarm, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { MAX_BULK_ROWS } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { httpGet, httpRequest, openBenchDatabase, signInAdmin, stats, timed, writeBenchResults } from './support';
import type { Stats } from './support';

const HERE = fileURLToPath(import.meta.url);
const RESULTS_FILE = join(dirname(HERE), 'results', 'stall.json');
const JWT_SECRET = new TextEncoder().encode('camposense-bench-secret-0123456789abcdef');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const READERS = 10;
const SCOPED_READINGS = 200_000;
const PAGE_SIZE = 50;
/** The page-depth cap of the API (MAX_PAGE_OFFSET): pages within it of either end, cursors beyond. */
const MAX_PAGE_OFFSET = 10_000;
const TARGET_READY_MS = 1000;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const load1m = () => round(loadavg()[0] ?? 0, 2);
const roundStats = (value: Stats) => ({ p50: round(value.median), p95: round(value.p95), p99: round(value.p99), max: round(value.max) });

/** 200,000 readings in country 1 beside the demo farm's, in one statement. */
async function seed(database: Database): Promise<void> {
  await prepareDatabase(database);
  await seedDemoUsers(database);
  await seedDemoFarm(database, { days: 1, now: new Date('2026-11-01T12:00:00Z'), seed: 7 });
  const placed = sql`select ms.nodoid, ms.tipoid, ms.metricaid, l.ubicacionid
      from sense.metricasensor ms
      join lateral (select l.ubicacionid from sense.localizacion l where l.nodoid = ms.nodoid order by l.ubicacionid limit 1) l on true
     where l.ubicacionid in (select u.ubicacionid from sense.ubicacion u join sense.fundo f on f.fundoid = u.fundoid
                              join sense.empresa e on e.empresaid = f.empresaid where e.paisid = 1)`;
  await database.query(sql`
    insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
    select timestamptz '2021-01-01' + g * interval '1 minute', (g % 1000) / 10.0, p.nodoid, p.tipoid, p.metricaid, p.ubicacionid
      from (${placed}) p
      cross join generate_series(1, ceil(${SCOPED_READINGS}::numeric / (select count(*) from (${placed}) c))::int) g`);
  await database.query(sql`analyze sense.medicion`);
}

/** Readiness probed one after another until `done()`; answers the latencies and statuses. */
async function probeReadiness(address: string, done: () => boolean) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  while (!done()) {
    let status = 0;
    latencies.push(await timed(async () => ({ status } = await httpGet(address, '/api/health/ready'))));
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { probes: latencies.length, latencyMs: latencies.length > 0 ? roundStats(stats(latencies)) : null, statuses, count503: statuses['503'] ?? 0 };
}

async function runOn(database: Database, label: string) {
  console.log(`${label}: seeding…`);
  await seed(database);
  const app = await buildApp({ database, jwtSecret: JWT_SECRET });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const token = await signInAdmin(address);
    const auth = { authorization: `Bearer ${token}` };
    const first = JSON.parse((await httpGet(address, `/api/sense/medicion?scope=pais:1&pageSize=${PAGE_SIZE}&page=1`, auth)).body) as {
      pagination: { total: number; totalPages: number; next: string };
    };
    const { total, totalPages } = first.pagination;

    let stop = false;
    const idle = await probeReadiness(address, (() => {
      let left = 30;
      return () => (left -= 1) < 0;
    })());

    console.log(`${label}: ten readers for ${SECONDS} s…`);
    const deepest = Math.floor(MAX_PAGE_OFFSET / PAGE_SIZE) + 1;
    const cursors = [first.pagination.next];
    const readerStatuses: Record<string, number> = {};
    const readerLatencies: number[] = [];
    const reader = async () => {
      while (!stop) {
        const kind = Math.floor(Math.random() * 4);
        const query =
          kind === 0
            ? `page=${1 + Math.floor(Math.random() * deepest)}`
            : kind === 1
              ? `page=${totalPages - Math.floor(Math.random() * (deepest - 1))}`
              : kind === 2
                ? `page=${deepest + 1 + Math.floor(Math.random() * (totalPages - 2 * deepest - 2))}`
                : `after=${cursors[Math.floor(Math.random() * cursors.length)]!}`;
        let answer = { status: 0, body: '' };
        readerLatencies.push(await timed(async () => (answer = await httpGet(address, `/api/sense/medicion?scope=pais:1&pageSize=${PAGE_SIZE}&${query}`, auth))));
        readerStatuses[answer.status] = (readerStatuses[answer.status] ?? 0) + 1;
        if (answer.status === 200) {
          const next = (JSON.parse(answer.body) as { pagination: { next: string | null } }).pagination.next;
          if (next && cursors.length < 1000) cursors.push(next);
        }
      }
    };
    const deadline = setTimeout(() => (stop = true), SECONDS * 1000);
    const [deepReaders] = await Promise.all([probeReadiness(address, () => stop), ...Array.from({ length: READERS }, reader)]);
    clearTimeout(deadline);

    const [ubicacion] = await database.query<{ id: number }>(sql`select ubicacionid as id from sense.ubicacion order by ubicacionid limit 1`);
    const [probe] = await database.query<{ nodoid: number; tipoid: number; metricaid: number }>(
      sql`select nodoid, tipoid, metricaid from sense.metricasensor order by nodoid, tipoid, metricaid limit 1`,
    );
    const [criticidad] = await database.query<{ id: number }>(sql`select criticidadid as id from sense.criticidad order by criticidadid limit 1`);
    const rows = (prefix: string) =>
      Array.from({ length: MAX_BULK_ROWS }, (_row, index) => ({
        umbral: `${prefix} ${index}`,
        ubicacionid: ubicacion!.id,
        nodoid: probe!.nodoid,
        tipoid: probe!.tipoid,
        metricaid: probe!.metricaid,
        criticidadid: criticidad!.id,
        minimo: 1,
        maximo: 9,
        statusid: 0,
      }));
    const importing = async (dryRun: boolean) => {
      console.log(`${label}: 100,000-row import${dryRun ? ' (dry run)' : ''}…`);
      let finished = false;
      let seconds = 0;
      let status = 0;
      const body = JSON.stringify({ rows: rows(dryRun ? 'Ensayo' : 'Carga'), dryRun });
      const running = timed(async () => {
        ({ status } = await httpRequest(address, '/api/sense/umbral/bulk', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body }));
      }).then((ms) => {
        seconds = round(ms / 1000, 2);
        finished = true;
      });
      const readiness = await probeReadiness(address, () => finished);
      await running;
      return { status, seconds, readiness };
    };
    const dryRun = await importing(true);
    const write = await importing(false);
    return {
      database: label,
      readings: { scoped: total, pages: totalPages, pageSize: PAGE_SIZE },
      idleReadiness: idle,
      deepReaders: { readers: READERS, seconds: SECONDS, requests: readerLatencies.length, statuses: readerStatuses, latencyMs: roundStats(stats(readerLatencies)), readiness: deepReaders },
      importDryRun: dryRun,
      import: write,
    };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const loadAverage1mBefore = load1m();
  const runs = [];
  const pglite = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  try {
    runs.push(await runOn(pglite, 'pglite (memoria)'));
  } finally {
    await pglite.close();
  }
  if (process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL']) {
    const { database, label } = await openBenchDatabase({ name: 'camposense_stall' });
    try {
      runs.push(await runOn(database, label));
    } finally {
      await database.close();
    }
  }
  const verdicts = runs.map((run) => ({
    database: run.database,
    readinessP99UnderTargetWithReaders: (run.deepReaders.readiness.latencyMs?.p99 ?? Infinity) < TARGET_READY_MS,
    readinessP99UnderTargetDuringImport: (run.import.readiness.latencyMs?.p99 ?? Infinity) < TARGET_READY_MS,
    no503: run.deepReaders.readiness.count503 + run.import.readiness.count503 + run.importDryRun.readiness.count503 === 0,
  }));
  writeBenchResults(RESULTS_FILE, runs.map((run) => run.database).join(' + '), {
    loadAverage1mBefore,
    loadAverage1mAfter: load1m(),
    targetReadinessMs: TARGET_READY_MS,
    verdicts,
    runs,
  });
  console.log(JSON.stringify({ loadAverage1mBefore, loadAverage1mAfter: load1m(), verdicts, runs }, null, 2));
}

await main();
