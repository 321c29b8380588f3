/**
 * `WORKERS=N npm start`: N API processes sharing one port through Node's cluster module, over
 * one PostgreSQL. The primary checks the setting (cluster-config.ts), applies the migrations once
 * (the workers would otherwise race to create the same tables), then forks the workers, restarts
 * one that dies unasked, and passes SIGINT/SIGTERM on for a graceful stop. With WORKERS=1 (the
 * default) it runs the server in this process, as before. `--check` only validates the setting.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { createDatabase, prepareDatabase } from '@camposense/db';
import { planWorkers } from './cluster-config';
import { serveClusterMetrics } from './metrics/metrics';

const WORKER = fileURLToPath(new URL('./cluster-worker.ts', import.meta.url));
/** A worker that dies sooner than this after its start is not restarted in a loop. */
const MIN_UPTIME_MS = 5_000;

async function migrateOnce(databaseUrl: string): Promise<void> {
  const database = await createDatabase({ databaseUrl });
  try {
    const prepared = await prepareDatabase(database);
    console.info(`migrations applied: ${prepared.applied}`);
  } finally {
    await database.close();
  }
}

async function runPrimary(workers: number): Promise<void> {
  await migrateOnce(process.env['DATABASE_URL']!);
  cluster.setupPrimary({ exec: WORKER, execArgv: ['--import', 'tsx'] });
  serveClusterMetrics();
  let stopping = false;
  const startedAt = new Map<number, number>();
  // A worker's slot (0..N-1) survives its restarts: it suffixes MQTT_CLIENT_ID, so each worker
  // keeps its own persistent MQTT session.
  const slots = new Map<number, number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ WORKER_SLOT: String(slot) });
    startedAt.set(worker.id, Date.now());
    slots.set(worker.id, slot);
  };
  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const slot = slots.get(worker.id) ?? 0;
    slots.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}) after ${Math.round(uptime / 1000)} s`);
    if (uptime < MIN_UPTIME_MS) {
      console.error('it died at start-up: stopping instead of restarting it in a loop');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork(slot);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
  console.info(`starting ${workers} API workers on PostgreSQL`);
  for (let i = 0; i < workers; i += 1) fork(i);
}

try {
  const { workers } = planWorkers(process.env);
  if (process.argv.includes('--check')) {
    // `npm start` asks first, so a wrong setting is told before the console build.
  } else if (workers === 1) {
    await import('./main');
  } else {
    await runPrimary(workers);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
