/**
 * `npm run bench:ingest`: readings per second through HTTP batches and through MQTT (Mosquitto on
 * MQTT_URL / TEST_MQTT_URL, default mqtt://127.0.0.1:1883), each with threshold evaluation and
 * latest-value upkeep on, and nodos-con-localizacion requests per second under 20 clients, on
 * PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL) or else PGlite; writes
 * bench/results/ingest.json with the load average beside each figure. Issue 15 targets: ≥ 30,000
 * readings/s over HTTP, ≥ 15,000/s over MQTT, ≥ 1,000 nodos-con-localizacion/s.
 *
 * Size: BENCH_INGEST_READINGS (default 200,000 per path), BENCH_INGEST_SECONDS (default 10, the
 * nodos-con-localizacion run). `BENCH_INGEST_READINGS=5000 BENCH_INGEST_SECONDS=2` checks it runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase, seedDemoFarm, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { buildApp, createIngestService, startMqttSubscriber } from '@camposense/api';
import { readServerSentEvents } from '@camposense/api/testing/sse-reader';
import { openBenchDatabase } from './support';

const RESULTS_FILE = fileURLToPath(new URL('./results/ingest.json', import.meta.url));
const READINGS = Number(process.env['BENCH_INGEST_READINGS'] ?? 200_000);
const SECONDS = Number(process.env['BENCH_INGEST_SECONDS'] ?? 10);
const MQTT_URL = process.env['MQTT_URL'] ?? process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
const HTTP_BATCH = 5_000;
const CLIENTS = 20;
const FARM_NOW = new Date('2026-11-01T12:00:00Z');
const JWT_SECRET = new TextEncoder().encode('camposense-bench-secret-0123456789abcdef');

interface ProbeMetric {
  deveui: string;
  tipoid: number;
  metricaabrev: string;
  minimo: number | null;
  maximo: number | null;
}

async function probeMetrics(database: Database): Promise<ProbeMetric[]> {
  return database.query<ProbeMetric>(sql`
    select n.deveui, ms.tipoid, m.metricaabrev, u.minimo, u.maximo
      from sense.metricasensor ms
      join sense.nodo n on n.nodoid = ms.nodoid
      join sense.metrica m on m.metricaid = ms.metricaid
      left join sense.umbral u on u.nodoid = ms.nodoid and u.tipoid = ms.tipoid and u.metricaid = ms.metricaid and u.statusid = 1
     where n.deveui is not null
     order by ms.nodoid, ms.tipoid, ms.metricaid`);
}

/** A value of the probe metric: inside its band mostly, outside one time in twenty. */
function valueFor(probe: ProbeMetric, step: number): number {
  const low = probe.minimo ?? 0;
  const high = probe.maximo ?? 100;
  return step % 20 === 19 ? high + (high - low + 1) : low + ((high - low) * ((step % 7) + 1)) / 8;
}

/** Readings `count` after `startStep` quarter hours past the farm's now, over every probe metric. */
function* readingsFrom(probes: readonly ProbeMetric[], startStep: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    const probe = probes[index % probes.length]!;
    const step = startStep + Math.floor(index / probes.length);
    yield {
      deveui: probe.deveui,
      tipoid: probe.tipoid,
      metricaabrev: probe.metricaabrev,
      fecha: new Date(FARM_NOW.getTime() + step * 60_000).toISOString(),
      medicion: valueFor(probe, step),
    };
  }
}

function figure(value: number, unit: string) {
  return { value: Math.round(value * 10) / 10, unit, loadAverage: loadavg()[0] ?? 0 };
}

async function benchHttp(baseUrl: string, key: string, probes: ProbeMetric[]) {
  const all = [...readingsFrom(probes, 1, READINGS)];
  const start = performance.now();
  let accepted = 0;
  for (let offset = 0; offset < all.length; offset += HTTP_BATCH) {
    const response = await fetch(`${baseUrl}/api/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ readings: all.slice(offset, offset + HTTP_BATCH) }),
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    accepted += ((await response.json()) as { accepted: number }).accepted;
  }
  const seconds = (performance.now() - start) / 1000;
  if (accepted !== all.length) throw new Error(`HTTP: ${accepted} of ${all.length} accepted`);
  return figure(accepted / seconds, 'readings/s');
}

async function benchMqtt(database: Database, probes: ProbeMetric[]) {
  const prefix = `bench-${randomBytes(4).toString('hex')}/`;
  const quiet = { warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } as never;
  const subscriber = startMqttSubscriber({ url: MQTT_URL, ingest: createIngestService(database), logger: quiet, topicPrefix: prefix });
  await subscriber.ready;
  const publisher = await mqtt.connectAsync(MQTT_URL);
  // One uplink per node and step, with every probe's metrics nested by tipoid.
  const byNode = new Map<string, ProbeMetric[]>();
  for (const probe of probes) byNode.set(probe.deveui, [...(byNode.get(probe.deveui) ?? []), probe]);
  const nodes = [...byNode.entries()];
  const perStep = probes.length;
  const steps = Math.ceil(READINGS / perStep);
  // After the HTTP run's minutes, so nothing is a duplicate.
  const firstMinute = Math.ceil(READINGS / perStep) + 2;
  const start = performance.now();
  for (let step = 0; step < steps; step += 1) {
    const minute = firstMinute + step;
    await Promise.all(
      nodes.map(([deveui, nodeProbes]) => {
        const object: Record<string, Record<string, number>> = {};
        for (const probe of nodeProbes) (object[String(probe.tipoid)] ??= {})[probe.metricaabrev] = valueFor(probe, minute);
        const payload = JSON.stringify({
          time: new Date(FARM_NOW.getTime() + minute * 60_000).toISOString(),
          deviceInfo: { devEui: deveui, applicationId: 'bench' },
          object,
        });
        return publisher.publishAsync(`${prefix}application/bench/device/${deveui}/event/up`, payload, { qos: 1 });
      }),
    );
  }
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
  await publisher.endAsync();
  await subscriber.close();
  return figure(expected / seconds, 'readings/s');
}

async function benchNodes(baseUrl: string, bearer: string) {
  const deadline = performance.now() + SECONDS * 1000;
  let requests = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const response = await fetch(`${baseUrl}/api/sense/nodos-con-localizacion?limit=1000`, { headers: { authorization: bearer } });
        if (!response.ok) throw new Error(`nodos-con-localizacion answered ${response.status}`);
        await response.arrayBuffer();
        requests += 1;
      }
    }),
  );
  return figure(requests / ((performance.now() - start) / 1000), 'requests/s');
}

/**
 * Publish-to-stream latency: one reading at a time through HTTP ingest, timed until the live
 * stream (GET /api/sense/stream, opened with a ticket as the console does) delivers it.
 */
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
      body: JSON.stringify({ readings: [{ deveui: probe.deveui, tipoid: probe.tipoid, metricaabrev: probe.metricaabrev, fecha, medicion: valueFor(probe, sample) }] }),
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
    console.log(`HTTP batches of ${HTTP_BATCH}: ${http.value} readings/s (load ${http.loadAverage.toFixed(2)})`);
    const mqttFigure = await benchMqtt(database, probes);
    console.log(`MQTT uplinks: ${mqttFigure.value} readings/s (load ${mqttFigure.loadAverage.toFixed(2)})`);
    const latency = await benchStreamLatency(address, bearer, key, probes);
    console.log(`publish-to-stream latency: p50 ${latency.p50} ms, p99 ${latency.p99} ms (${latency.samples} readings)`);
    const nodes = await benchNodes(address, bearer);
    console.log(`nodos-con-localizacion, ${CLIENTS} clients: ${nodes.value} requests/s (load ${nodes.loadAverage.toFixed(2)})`);

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
          nodosConLocalizacionPerSecond: { ...nodes, clients: CLIENTS, seconds: SECONDS },
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

await main();
