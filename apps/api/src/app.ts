import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@camposense/db';
import { compactAlertCounts, maintainMeasurementPartitions } from '@camposense/db';
import { APP_VERSION } from '@camposense/domain';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerAuthenticate } from './modules/auth/authenticate';
import { registerTenantScope } from './security/tenancy';
import { languageRoutes } from './modules/auth/language';
import { authRoutes } from './modules/auth/routes';
import { hasConsoleBuild, isSpaNavigation, registerConsoleStatic } from './console-static';
import { errorBody } from './errors/api-error';
import { frameworkErrorHandler, registerErrorHandling } from './errors/error-handler';
import { clientErrorHandler } from './security/client-error';
import { registerRedaction } from './security/redaction';
import { registerSecurity } from './security/register-security';
import { DEFAULT_LOGIN_RATE_LIMIT } from './security/rate-limit';
import type { LoginRateLimit } from './security/rate-limit';
import { AccessLogController, loggerOptions } from './logger';
import type { LoggerOption } from './logger';
import { healthRoutes } from './modules/health/routes';
import { senseRoutes } from './modules/tables/detect';
import { senseDataRoutes } from './modules/sense-data';
import { reportRoutes } from './modules/reports/routes';
import { nodeHealthRoutes } from './modules/node-health/routes';
import { seriesRoutes } from './modules/series/routes';
import { createIngestKeys } from './modules/ingest/queries';
import { createIngestService } from '@camposense/server-ingest';
import { ingestRoutes } from './modules/ingest/routes';
import { startMqttSubscriber } from '@camposense/server-ingest';
import { createCarriers } from '@camposense/server-notify';
import type { CarrierSettings } from '@camposense/server-notify';
import { createNotifier } from '@camposense/server-notify';
import { createEventBus, radioEvents, readingEvents, type LiveEvent } from './modules/live/event-bus';
import { createReadCache, DEFAULT_READ_CACHE_MS } from './sense/read-cache';
import { HeavyReadBudget } from './sense/streaming';
import { liveRoutes } from './modules/live/routes';
import type { Notifier } from '@camposense/server-notify';
import { alertRoutes, episodeRoutes } from './modules/alerts/routes';
import type { AcknowledgedEvent } from './modules/alerts/routes';
import { thresholdRoutes } from './modules/thresholds/routes';
import { accessRoutes } from './modules/access/routes';
import { countIngested, countStreams, createAppMetrics, registerMetrics } from './metrics/metrics';
import { sharedSchemas } from './schemas';
import { registerValidation } from './validation';
import { registerCompression } from './http/compression';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How often the months ahead are created and retention applied (and once at start). */
const MEASUREMENT_UPKEEP_MS = 6 * 60 * 60 * 1000;

/**
 * Months of `medicion` kept ahead and, with RETENTION_MONTHS, old ones dropped: at start and every
 * MEASUREMENT_UPKEEP_MS (one instance at a time; see maintainMeasurementPartitions).
 */
function scheduleMeasurementUpkeep(app: FastifyInstance, database: Database, retentionMonths: number | undefined, now: (() => Date) | undefined): void {
  const upkeep = async () => {
    try {
      const done = await maintainMeasurementPartitions(database, { retentionMonths, ...(now ? { now: now() } : {}) });
      if (done.created.length + done.dropped.length + done.deletedRows > 0) app.log.info(done, 'medicion: months kept');
    } catch (error) {
      app.log.error({ err: error }, 'medicion: upkeep failed; tried again later');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await upkeep();
    timer = setInterval(() => void upkeep(), MEASUREMENT_UPKEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** How often the alerts report's kept counts are folded (see compactAlertCounts). */
const ALERT_COUNT_UPKEEP_MS = 60 * 1000;

function scheduleAlertCountUpkeep(app: FastifyInstance, database: Database): void {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      compactAlertCounts(database).catch((error: unknown) => app.log.warn({ err: error }, 'alerta_conteo: compaction failed; tried again later'));
    }, ALERT_COUNT_UPKEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** Request bodies above this answer 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  database: Database;
  /** The HS256 key of access tokens. */
  jwtSecret: Uint8Array;
  /** A built console (with index.html) to serve at `/`, with SPA fallback. */
  consoleDir?: string | undefined;
  /** false (default) is silent; true or `{ level }` logs through pino with redaction. */
  logger?: LoggerOption;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS). @default [] (no CORS) */
  corsOrigins?: readonly string[];
  /** The console map's style (MAP_STYLE_URL; OpenStreetMap's tiles when unset) and the origins it loads from. */
  map?: { styleUrl: string | undefined; origins: readonly string[] };
  /** Sign-in attempts per e-mail and per address. @default DEFAULT_LOGIN_RATE_LIMIT */
  loginRateLimit?: Partial<LoginRateLimit>;
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY): client address and https. @default false */
  trustProxy?: boolean | string;
  /** MQTT_URL: subscribe to ChirpStack uplinks on this broker (alarms.md). @default none */
  mqttUrl?: string | undefined;
  /** METRICS_TOKEN: serve `GET /metrics` (Prometheus) to scrapes bearing it. @default none (no /metrics) */
  metricsToken?: string | undefined;
  /** MQTT_CLIENT_ID: see MqttSubscriberOptions.clientId. */
  mqttClientId?: string | undefined;
  /** MQTT_TOPIC_PREFIX: see MqttSubscriberOptions.topicPrefix. */
  mqttTopicPrefix?: string | undefined;
  /** INGEST_MAX_FUTURE_SECONDS, INGEST_MAX_AGE_DAYS: see IngestServiceOptions. */
  ingestDates?: { maxFutureSeconds: number; maxAgeDays: number } | undefined;
  /**
   * Tell people of alarms (alarms.md, "People are told"): the carriers' settings and the zone of
   * the times in messages. The server passes them always; tests that do not test it leave it out.
   * @default undefined (no notifier runs; the work waits in sense.trabajo)
   */
  notifications?: (CarrierSettings & { timeZone?: string; pollIntervalMs?: number; minuteMs?: number }) | undefined;
  /** The clock of the ingest service and the notifier (tests move it). @default () => new Date() */
  now?: () => Date;
  /** READ_CACHE_MS: how long a farm-wide read is kept at most between writes (see ReadCache); 0 keeps none. @default 2000 */
  readCacheMs?: number;
  /** RETENTION_MONTHS: see maintainMeasurementPartitions. @default undefined (keep every reading) */
  retentionMonths?: number | undefined;
  /** LIVE_HEARTBEAT_MS: the live stream's heartbeat (see liveRoutes). @default LIVE_HEARTBEAT_MS (15 s) */
  liveHeartbeatMs?: number | undefined;
  /** The heavy-read budget of /api/sense (tests pass one to watch or tighten it). @default new HeavyReadBudget() */
  heavyReads?: HeavyReadBudget | undefined;
}

export async function buildApp({
  database,
  jwtSecret,
  consoleDir,
  logger,
  corsOrigins = [],
  map,
  loginRateLimit,
  trustProxy = false,
  mqttUrl,
  mqttClientId,
  mqttTopicPrefix,
  ingestDates,
  metricsToken,
  notifications,
  now,
  readCacheMs = DEFAULT_READ_CACHE_MS,
  retentionMonths,
  heavyReads,
  liveHeartbeatMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logger),
    logController: new AccessLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  for (const schema of sharedSchemas) app.addSchema(schema);
  registerValidation(app, sharedSchemas);
  registerErrorHandling(app);
  registerAuthenticate(app, jwtSecret, database);
  registerTenantScope(app);
  registerSecurity(app, { corsOrigins, mapOrigins: map?.origins });
  // Readers get no one's e-mail or phone but their own, in every answer (docs/security.md).
  registerRedaction(app);
  await registerCompression(app);
  const metrics = createAppMetrics(database);
  registerMetrics(app, metrics, metricsToken);
  const readCache = createReadCache({ ttlMs: readCacheMs });
  // Before the answer leaves: a client that wrote reads its own write on its next call. An ingest
  // batch forgets what it changed itself, on commit (see forget below).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_ONLY_METHODS.has(request.method) && request.routeOptions.config.forgetsItsOwnReads !== true) readCache.clear();
    return payload;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'CampoSense API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ingestKey: { type: 'http', scheme: 'bearer', description: 'Una clave de ingesta (csk_…) creada por un admin' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json['$id'] ?? `def-${i}`) },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Swagger UI from the package's own bundled assets; the CSP keeps the page from loading anything
  // from another origin (no CDN, no validator badge).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
    uiConfig: { validatorUrl: null },
  });

  await app.register(healthRoutes, { prefix: '/api', database, mapStyleUrl: map?.styleUrl });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    database,
    jwtSecret,
    loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT, ...loginRateLimit },
  });
  await app.register(languageRoutes, { prefix: '/api/account', database });
  // What happens, told to every open console of every instance (alarms.md, "Everyone sees it live").
  const bus = await createEventBus(database, app.log);
  app.addHook('onClose', () => bus.close());
  // Any instance's readings, alerts, episodes, acknowledgements and messages (PostgreSQL's NOTIFY
  // brings other instances' ones too). Readings change only what follows their nodes' readings; a
  // batch that also wrote alerts or episodes publishes an alerts event, which forgets everything.
  const forget = (event: LiveEvent) => {
    if (event.type === 'readings') readCache.forgetReadingsOf(event.nodes);
    else readCache.clear();
  };
  // This instance's own events forget at once, when published (below), and not again when NOTIFY brings
  // them back: a second forgetting, some milliseconds later, would only drop answers computed after
  // the commit, which already show it.
  bus.subscribe((event, { local }) => {
    if (!local) forget(event);
  });
  const publish = (event: LiveEvent) => {
    forget(event);
    return bus.publish(event);
  };
  // One budget for every read of /api/sense, reports included: a user's slow pages count once.
  const heavyReadBudget = heavyReads ?? new HeavyReadBudget();
  await app.register(senseRoutes, { prefix: '/api/sense', database });
  await app.register(senseDataRoutes, {
    prefix: '/api/sense',
    database,
    readCache,
    heavyReads: heavyReadBudget,
    // A table write that ended episodes by changing what they watch is told like an ingest batch
    // that ended some: open consoles refresh their alerts and episodes at once.
    onEpisodesClosed: (closed) =>
      void publish({ type: 'alerts', nodes: closed.nodes, alerts: [], closedEpisodes: closed.episodes }),
  });
  await app.register(reportRoutes, { prefix: '/api/sense/reports', database, jwtSecret, heavyReads: heavyReadBudget });
  await app.register(seriesRoutes, { prefix: '/api/sense', database });
  await app.register(nodeHealthRoutes, { prefix: '/api/sense', database, ...(now ? { now } : {}) });
  await app.register(liveRoutes, {
    prefix: '/api/sense',
    bus: countStreams(bus, metrics),
    database,
    jwtSecret,
    ...(liveHeartbeatMs === undefined ? {} : { heartbeatMs: liveHeartbeatMs }),
  });

  let notifier: Notifier | null = null;
  if (notifications) {
    notifier = createNotifier({
      database,
      carriers: createCarriers(notifications, app.log),
      logger: app.log,
      onEvent: (event) => void publish(event),
      timeZone: notifications.timeZone,
      ...(notifications.pollIntervalMs ? { pollIntervalMs: notifications.pollIntervalMs } : {}),
      ...(notifications.minuteMs ? { minuteMs: notifications.minuteMs } : {}),
      ...(now ? { now } : {}),
    });
    const running = notifier;
    app.addHook('onReady', async () => running.start());
    app.addHook('onClose', () => running.stop());
  }
  const ingest = createIngestService(database, {
    ...(now ? { now } : {}),
    ...ingestDates,
    // A batch that opened an episode: its first message goes out at once, not at the next poll.
    onCommit: (commit) => {
      if (commit.alerts.some((alert) => alert.opensEpisode)) notifier?.wake();
      const readings = commit.readings.map((reading) => ({
        nodoid: reading.nodoid,
        tipoid: reading.tipoid,
        metricaid: reading.metricaid,
        fecha: reading.fecha.toISOString(),
        medicion: reading.medicion,
      }));
      for (const event of readingEvents(readings)) void publish(event);
      // Uplinks or status events that no reading told of (a node without a placement, a status
      // without a battery level): the map and the node's health panel still change.
      for (const event of radioEvents(commit.radioNodes, readings)) void publish(event);
      if (commit.alerts.length > 0 || commit.closedEpisodes.length > 0 || commit.settledThresholds.length > 0) {
        void publish({
          type: 'alerts',
          nodes: [...new Set(commit.readings.map((reading) => reading.nodoid))],
          alerts: commit.alerts.map(({ alertaid, episodioid, umbralid, statusid }) => ({ alertaid, episodioid, umbralid, statusid })),
          closedEpisodes: commit.closedEpisodes,
        });
      }
    },
  });
  await app.register(ingestRoutes, { prefix: '/api/ingest', ingest: countIngested(ingest, metrics, 'http'), keys: createIngestKeys(database) });
  const onAcknowledged = (event: AcknowledgedEvent) => void publish({ type: 'acknowledged', ...event });
  await app.register(alertRoutes, { prefix: '/api/alerts', database, onAcknowledged });
  await app.register(episodeRoutes, { prefix: '/api/episodes', database, onAcknowledged });
  if (mqttUrl) {
    // Not awaited: a broker that is down is retried in the background, never blocks the API.
    const subscriber = startMqttSubscriber({ url: mqttUrl, ingest: countIngested(ingest, metrics, 'mqtt'), logger: app.log, clientId: mqttClientId, topicPrefix: mqttTopicPrefix ?? '' });
    subscriber.ready.then(
      () => app.log.info('subscribed to ChirpStack uplinks over MQTT'),
      (error: unknown) => app.log.error({ err: error }, 'mqtt subscription failed'),
    );
    app.addHook('onClose', () => subscriber.close());
  }
  await app.register(thresholdRoutes, { prefix: '/api/sense', database });
  await app.register(accessRoutes, { prefix: '/api/sense', database });
  scheduleMeasurementUpkeep(app, database, retentionMonths, now);
  scheduleAlertCountUpkeep(app, database);

  const serveConsole = hasConsoleBuild(consoleDir);
  if (serveConsole) await registerConsoleStatic(app, consoleDir);

  app.setNotFoundHandler((request, reply) => {
    if (serveConsole && isSpaNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND', 'Ruta no encontrada'));
  });

  return app;
}
