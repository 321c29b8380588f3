/**
 * `GET /metrics` in Prometheus' text format (issue 17, item 5; docs/operations.md, "Metrics"):
 * request rates and latencies per route, the database pool, readings ingested, the notification
 * queue, and Node's own process figures. Off unless METRICS_TOKEN is set; a scrape must send it as
 * a bearer token. Under `WORKERS=N` a scrape is answered for all workers together (the primary
 * gathers them, prom-client's AggregatorRegistry).
 */
import cluster from 'node:cluster';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '../errors/api-error';
import type { IngestService } from '@camposense/server-ingest';
import type { EventBus } from '../modules/live/event-bus';

export interface AppMetrics {
  registry: Registry;
  /** Readings stored by a path of ingestion. */
  ingested(path: 'http' | 'mqtt', readings: number): void;
  /** Open event streams: one more (`+1`) or one fewer (`-1`). */
  streams(change: 1 | -1): void;
}

const METRICS_REQUEST = 'camposense:metrics?';
const METRICS_ANSWER = 'camposense:metrics';

/** The API's metrics over `database`; one registry per app, so tests can build several. */
export function createAppMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const ingestedReadings = new Counter({
    name: 'camposense_ingested_readings_total',
    help: 'Readings stored, by path of ingestion',
    labelNames: ['path'] as const,
    registers: [registry],
  });
  if (database.kind === 'postgres') {
    const { pool } = database;
    new Gauge({
      name: 'camposense_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'camposense_notification_jobs',
    help: 'Notification work waiting in sense.trabajo, by kind (ronda: a round of messages, envio: one delivery)',
    labelNames: ['tipo'] as const,
    registers: [registry],
    async collect() {
      const rows = await database.query<{ tipo: string; count: number }>(
        sql`select tipo, count(*)::int as count from sense.trabajo group by tipo`,
      );
      this.reset();
      for (const tipo of ['ronda', 'envio']) this.set({ tipo }, rows.find((row) => row.tipo === tipo)?.count ?? 0);
    },
  });
  const streamClients = new Gauge({
    name: 'camposense_stream_clients',
    help: 'Consoles connected to the live event stream (GET /api/sense/stream)',
    registers: [registry],
  });
  return {
    registry,
    ingested: (path, readings) => ingestedReadings.inc({ path }, readings),
    streams: (change) => streamClients.inc(change),
  };
}

/** The ingest service, counting what each path of ingestion stored. */
export function countIngested(ingest: IngestService, metrics: AppMetrics, path: 'http' | 'mqtt'): IngestService {
  return {
    async ingest(readings, extras) {
      const result = await ingest.ingest(readings, extras);
      metrics.ingested(path, result.accepted);
      return result;
    },
  };
}

/** The event bus, counting the live streams subscribed to it (each stream subscribes once). */
export function countStreams(bus: EventBus, metrics: AppMetrics): EventBus {
  return {
    ...bus,
    subscribe(listener) {
      metrics.streams(1);
      const unsubscribe = bus.subscribe(listener);
      let counted = true;
      return () => {
        if (counted) metrics.streams(-1);
        counted = false;
        unsubscribe();
      };
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Asks the cluster's primary for every worker's metrics together. */
function clusterMetrics(): Promise<{ text: string; contentType: string }> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer the metrics request'));
    }, 5_000);
    const onMessage = (message: unknown) => {
      const answer = message as { type?: string; id?: string; text?: string; contentType?: string; error?: string };
      if (answer.type !== METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve({ text: answer.text ?? '', contentType: answer.contentType ?? AggregatorRegistry.PROMETHEUS_CONTENT_TYPE });
    };
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/**
 * Counts every request by its route's pattern (never the raw URL: bounded label values) and
 * serves `GET /metrics` when a token is given.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  const requests = new Counter({
    name: 'camposense_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: 'camposense_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  if (!token) return;
  // Under WORKERS=N the primary asks each worker for this registry; prom-client starts answering
  // those requests when an AggregatorRegistry is first made in the worker.
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([metrics.registry]);
    new AggregatorRegistry();
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice('Bearer '.length), token)) {
      return reply.status(401).send(errorBody('UNAUTHORIZED', 'Falta el token de métricas o no es válido'));
    }
    if (cluster.isWorker) {
      const { text, contentType } = await clusterMetrics();
      return reply.type(contentType).send(text);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** In the cluster's primary: answers the workers' metrics requests with all workers' metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text, contentType: aggregator.contentType }),
      (error: unknown) => worker.send({ type: METRICS_ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
