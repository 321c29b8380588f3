/**
 * `npm run bench:ingest`: readings per second through HTTP batches and through MQTT (Mosquitto on
 * MQTT_URL / TEST_MQTT_URL, default mqtt://127.0.0.1:1883), each with threshold evaluation and
 * latest-value upkeep on, and nodos-con-localizacion requests per second under 20 clients, on
 * PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL) or else PGlite; writes
 * bench/results/ingest.json with the load average beside each figure. Issue 15 targets: ≥ 30,000
 * readings/s over HTTP, ≥ 15,000/s over MQTT, ≥ 1,000 nodos-con-localizacion/s (measured with the
 * read cache on, as deployed, and off, the database path).
 *
 * Size: BENCH_INGEST_READINGS (default 200,000 per path), BENCH_INGEST_SECONDS (default 10, the
 * nodos-con-localizacion run). `BENCH_INGEST_READINGS=5000 BENCH_INGEST_SECONDS=2` checks it runs.
 */
import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase, seedDemoFarm, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import mqtt from 'mqtt';
import { buildApp, createIngestService, startMqttSubscriber } from '@camposense/api';
import { readServerSentEvents } from '@camposense/api/testing/sse-reader';
import { httpGet, INGEST_HTTP_BATCH, ingestOverHttp, openBenchDatabase, probeMetrics, probeReadings, probeValue, type ProbeMetric } from './support';

const execFileAsync = promisify(execFile);
const WRK = '/usr/bin/wrk';

const RESULTS_FILE = fileURLToPath(new URL('./results/ingest.json', import.meta.url));
const READINGS = Number(process.env['BENCH_INGEST_READINGS'] ?? 200_000);
const SECONDS = Number(process.env['BENCH_INGEST_SECONDS'] ?? 10);
const MQTT_URL = process.env['MQTT_URL'] ?? process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
const CLIENTS = 20;
const DAY_MS = 86_400_000;
/**
 * The farm's "now": noon UTC thirty days ago, so every reading the bench sends (minutes after it) is
 * inside the ingest's date bounds (INGEST_MAX_FUTURE_SECONDS ahead, INGEST_MAX_AGE_DAYS back) on
 * whatever day the bench runs; a fixed date would age out of them.
 */
const FARM_NOW = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS + DAY_MS / 2);
const JWT_SECRET = new TextEncoder().encode('camposense-bench-secret-0123456789abcdef');

function figure(value: number, unit: string) {
  return { value: Math.round(value * 10) / 10, unit, loadAverage: loadavg()[0] ?? 0 };
}

async function benchHttp(baseUrl: string, key: string, probes: ProbeMetric[]) {
  return figure(await ingestOverHttp(baseUrl, key, [...probeReadings(probes, FARM_NOW, 1, READINGS)]), 'readings/s');
}

interface PublishPlan {
  url: string;
  prefix: string;
  nodes: Array<[deveui: string, probes: ProbeMetric[]]>;
  steps: number;
  firstMinute: number;
}

/**
 * Uplinks published and not yet acknowledged by the subscriber, at most. Mosquitto holds for a
 * subscriber at most 20 unacknowledged messages in flight plus 1,000 queued (its defaults,
 * max_inflight_messages and max_queued_messages) and drops the rest; the subscriber acknowledges
 * an uplink only once its batch has committed, so a publisher further ahead than that would
 * measure the broker's drops (operations.md says how to raise the limits for bursts). The
 * subscriber's progress comes back over IPC.
 */
const PUBLISH_AHEAD = 900;

/** ChirpStack's side: one uplink per node and step, every probe's metrics nested by tipoid. */
async function publishUplinks({ url, prefix, nodes, steps, firstMinute }: PublishPlan, acknowledged: () => number): Promise<void> {
  const publisher = await mqtt.connectAsync(url);
  const inFlight = new Set<Promise<unknown>>();
  let published = 0;
  for (let step = 0; step < steps; step += 1) {
    const minute = firstMinute + step;
    for (const [deveui, nodeProbes] of nodes) {
      while (published - acknowledged() >= PUBLISH_AHEAD) await new Promise((resolve) => setTimeout(resolve, 2));
      const object: Record<string, Record<string, number>> = {};
      for (const probe of nodeProbes) (object[String(probe.tipoid)] ??= {})[probe.metricaabrev] = probeValue(probe, minute);
      const payload = JSON.stringify({
        time: new Date(FARM_NOW.getTime() + minute * 60_000).toISOString(),
        deviceInfo: { devEui: deveui, applicationId: 'bench' },
        object,
      });
      const sent: Promise<unknown> = publisher.publishAsync(`${prefix}application/bench/device/${deveui}/event/up`, payload, { qos: 1 }).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
      published += 1;
    }
  }
  await Promise.all(inFlight);
  await publisher.endAsync();
}

/**
 * Readings/s from the first uplink published to the last reading stored. The publisher is a
 * process of its own, as ChirpStack is: building and sending uplinks does not take this
 * process's event loop, which is the subscriber's.
 */
async function benchMqtt(database: Database, probes: ProbeMetric[]) {
  const prefix = `bench-${randomBytes(4).toString('hex')}/`;
  const quiet = { warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } as never;
  const service = createIngestService(database);
  // How the subscriber cut the stream into transactions: their count says what the batching did.
  let batches = 0;
  const ingest: typeof service = { ...service, ingest: (readings) => ((batches += 1), service.ingest(readings)) };
  const subscriber = startMqttSubscriber({ url: MQTT_URL, ingest, logger: quiet, topicPrefix: prefix });
  await subscriber.ready;
  const byNode = new Map<string, ProbeMetric[]>();
  for (const probe of probes) byNode.set(probe.deveui, [...(byNode.get(probe.deveui) ?? []), probe]);
  const perStep = probes.length;
  const steps = Math.ceil(READINGS / perStep);
  // After the HTTP run's minutes, so nothing is a duplicate.
  const plan: PublishPlan = { url: MQTT_URL, prefix, nodes: [...byNode.entries()], steps, firstMinute: steps + 2 };
  const publisher = fork(fileURLToPath(import.meta.url), ['--publish'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const published = new Promise<void>((resolve, reject) => {
    publisher.once('error', reject);
    publisher.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`MQTT publisher exited with ${code}`))));
  });
  await new Promise<void>((resolve) => publisher.once('message', () => resolve()));
  const start = performance.now();
  publisher.send(plan);
  // The publisher may exit between the check and the send: a progress note it no longer needs is dropped, not thrown.
  const progress = setInterval(() => publisher.connected && publisher.send({ acknowledged: subscriber.stats().acknowledged }, () => undefined), 5);
  const expected = steps * perStep;
  const handled = () => {
    const current = subscriber.stats();
    const rejected = Object.values(current.rejected).reduce<number>((sum, count) => sum + (count ?? 0), 0);
    return current.accepted + current.duplicates + rejected;
  };
  while (handled() < expected) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (subscriber.stats().failedBatches > 0) throw new Error('MQTT: a batch failed');
  }
  if (subscriber.stats().accepted !== expected) throw new Error(`MQTT: ${subscriber.stats().accepted} of ${expected} accepted`);
  await subscriber.flush();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(progress);
  await published;
  await subscriber.close();
  return { ...figure(expected / seconds, 'readings/s'), batches, meanBatch: Math.round(expected / Math.max(1, batches)) };
}

/**
 * Requests/s of the node list under CLIENTS concurrent clients. With Debian's `wrk` installed the
 * clients are wrk (C, its own process: the client's CPU is not taken from this process, which is
 * also the server); otherwise kept-alive node:http clients in this process.
 */
async function benchNodes(baseUrl: string, bearer: string) {
  const path = '/api/sense/nodos-con-localizacion?limit=1000';
  if (existsSync(WRK)) {
    // Asynchronously: this process is the server wrk is loading.
    const { stdout } = await execFileAsync(WRK, ['-t', '1', '-c', String(CLIENTS), '-d', `${SECONDS}s`, '-H', `authorization: ${bearer}`, `${baseUrl}${path}`]);
    const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    if (!Number.isFinite(perSecond) || non2xx > 0) throw new Error(`wrk: ${stdout}`);
    return { ...figure(perSecond, 'requests/s'), client: 'wrk' };
  }
  const deadline = performance.now() + SECONDS * 1000;
  let requests = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const { status } = await httpGet(baseUrl, path, { authorization: bearer });
        if (status !== 200) throw new Error(`nodos-con-localizacion answered ${status}`);
        requests += 1;
      }
    }),
  );
  return { ...figure(requests / ((performance.now() - start) / 1000), 'requests/s'), client: 'node:http in process' };
}

async function benchStreamLatency(baseUrl: string, bearer: string, key: string, probes: ProbeMetric[], samples = 100) {
  const ticket = await fetch(`${baseUrl}/api/sense/stream/ticket`, { method: 'POST', headers: { authorization: bearer } });
  const { ticket: token } = (await ticket.json()) as { ticket: string };
  const controller = new AbortController();
  const stream = await fetch(`${baseUrl}/api/sense/stream?token=${encodeURIComponent(token)}`, { signal: controller.signal });
  if (!stream.ok || !stream.body) throw new Error(`stream answered ${stream.status}`);
  const waiting = new Map<string, () => void>();
  void readServerSentEvents(stream.body, ({ event, data }) => {
    if (event !== 'readings') return;
    for (const reading of (data as { readings: Array<{ fecha: string }> }).readings) waiting.get(reading.fecha)?.();
  });
  const [probe] = probes;
  if (!probe) throw new Error('no probe');
  const latencies: number[] = [];
  // After both throughput runs' minutes.
  const firstMinute = 2 * (Math.ceil(READINGS / probes.length) + 2) + 10;
  for (let sample = 0; sample < samples; sample += 1) {
    const fecha = new Date(FARM_NOW.getTime() + (firstMinute + sample) * 60_000).toISOString();
    const arrived = new Promise<void>((resolve) => waiting.set(fecha, resolve));
    const start = performance.now();
    const response = await fetch(`${baseUrl}/api/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ readings: [{ deveui: probe.deveui, tipoid: probe.tipoid, metricaabrev: probe.metricaabrev, fecha, medicion: probeValue(probe, sample) }] }),
    });
    await response.arrayBuffer();
    await arrived;
    latencies.push(performance.now() - start);
    waiting.delete(fecha);
  }
  controller.abort();
  latencies.sort((left, right) => left - right);
  const at = (quantile: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), samples, path: 'HTTP ingest → SSE event', loadAverage: loadavg()[0] ?? 0 };
}

async function main() {
  const { database, label } = await openBenchDatabase({ name: 'bench_ingest' });
  await prepareDatabase(database, { progress: false });
  await seedDemoUsers(database);
  await seedDemoFarm(database, { days: 1, now: FARM_NOW, seed: 42 });
  const app = await buildApp({ database, jwtSecret: JWT_SECRET, loginRateLimit: { perEmail: 1e6, perAddress: 1e6 } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.login, password: DEMO_PASSWORD } });
    const bearer = `Bearer ${login.json<{ session: { access_token: string } }>().session.access_token}`;
    const created = await app.inject({ method: 'POST', url: '/api/ingest/keys', headers: { authorization: bearer }, payload: { nombre: 'bench' } });
    const key = created.json<{ clave: string }>().clave;
    const probes = await probeMetrics(database);

    console.log(`ingest bench on ${label}: ${READINGS} readings per path, ${probes.length} probe metrics`);
    const http = await benchHttp(address, key, probes);
    console.log(`HTTP batches of ${INGEST_HTTP_BATCH}: ${http.value} readings/s (load ${http.loadAverage.toFixed(2)})`);
    const mqttFigure = await benchMqtt(database, probes);
    console.log(`MQTT uplinks: ${mqttFigure.value} readings/s in ${mqttFigure.batches} batches of ${mqttFigure.meanBatch} (load ${mqttFigure.loadAverage.toFixed(2)})`);
    const latency = await benchStreamLatency(address, bearer, key, probes);
    console.log(`publish-to-stream latency: p50 ${latency.p50} ms, p99 ${latency.p99} ms (${latency.samples} readings)`);
    const nodes = await benchNodes(address, bearer);
    console.log(`nodos-con-localizacion, ${CLIENTS} clients: ${nodes.value} requests/s (load ${nodes.loadAverage.toFixed(2)})`);
    // The same with the read cache off: what the latest-value table and the query give alone,
    // which is what a console sees right after each write clears the cache.
    const uncachedApp = await buildApp({ database, jwtSecret: JWT_SECRET, readCacheMs: 0 });
    const uncached = await benchNodes(await uncachedApp.listen({ port: 0, host: '127.0.0.1' }), bearer).finally(() => uncachedApp.close());
    console.log(`  with the read cache off: ${uncached.value} requests/s (load ${uncached.loadAverage.toFixed(2)})`);

    mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          database: label,
          date: new Date().toISOString(),
          readingsPerPath: READINGS,
          httpReadingsPerSecond: http,
          mqttReadingsPerSecond: mqttFigure,
          publishToStreamLatencyMs: latency,
          nodosConLocalizacionPerSecond: { ...nodes, clients: CLIENTS, seconds: SECONDS, readCache: 'on (READ_CACHE_MS 2000), as deployed' },
          nodosConLocalizacionUncachedPerSecond: { ...uncached, clients: CLIENTS, seconds: SECONDS, readCache: 'off (READ_CACHE_MS=0): the database path' },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`written to ${RESULTS_FILE}`);
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv.includes('--publish')) {
  let acknowledged = 0;
  process.on('message', (message: { acknowledged?: number }) => {
    if (typeof message.acknowledged === 'number') acknowledged = message.acknowledged;
  });
  process.once('message', (plan) => {
    publishUplinks(plan as PublishPlan, () => acknowledged).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('MQTT publisher failed:', error);
        process.exit(1);
      },
    );
  });
  process.send?.('ready');
} else {
  await main();
}
