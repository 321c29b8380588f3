import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_RATE_LIMIT } from './security/rate-limit';
import type { LoginRateLimit } from './security/rate-limit';
import { DEFAULT_READ_CACHE_MS } from './sense/read-cache';

/** The repository root, from this file (apps/api/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  nodeEnv: string;
  production: boolean;
  /**
   * LOG_LEVEL: pino's level (`debug` writes a line for every request; see logger.ts's accessLevel).
   * @default `info` in production, `debug` otherwise
   */
  logLevel: string;
  /** The built console to serve; undefined in development (Vite serves it). */
  consoleDir: string | undefined;
  /** CORS_ORIGINS, comma-separated: the only origins a browser may call the API from. */
  corsOrigins: string[];
  /** LOGIN_LIMIT_PER_EMAIL, LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_WINDOW_SECONDS. */
  loginRateLimit: LoginRateLimit;
  /** TRUST_PROXY: `true`, or the addresses (comma-separated) of the proxies whose X-Forwarded-* to trust. */
  trustProxy: boolean | string;
  /** DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL): the longest one statement of a request may run. */
  statementTimeoutMs: number;
  /** DATABASE_CONNECT_TIMEOUT_MS (PostgreSQL): the longest wait for a connection. */
  connectTimeoutMs: number;
  /** MQTT_URL: the broker whose ChirpStack uplinks to ingest (alarms.md); none when unset. */
  mqttUrl: string | undefined;
  /** METRICS_TOKEN: serve GET /metrics to scrapes that send it as a bearer token; off when unset. */
  metricsToken: string | undefined;
  /** MQTT_CLIENT_ID: a stable client id per instance (a persistent session: unacknowledged uplinks come again after a crash). */
  mqttClientId: string | undefined;
  /** MQTT_TOPIC_PREFIX: put before `application/…` in the subscription (a test's own topics on a shared broker). */
  mqttTopicPrefix: string;
  /** INGEST_MAX_FUTURE_SECONDS (default 300), INGEST_MAX_AGE_DAYS (default 400): the dates a reading may carry. */
  ingestDates: { maxFutureSeconds: number; maxAgeDays: number };
  /**
   * SMTP_URL, MAIL_FROM, SMS_WEBHOOK_URL, NOTIFY_TIME_ZONE: where and how alarms are told (alarms.md, "How");
   * NOTIFY_MINUTE_MS: the length of a notification minute (tests only).
   */
  notifications: { smtpUrl: string | undefined; mailFrom: string | undefined; smsWebhookUrl: string | undefined; timeZone: string; minuteMs: number };
  /** LIVE_HEARTBEAT_MS: how often the live stream sends its heartbeat (default 15000; the e2e shortens it). */
  liveHeartbeatMs: number;
  /** READ_CACHE_MS: how long a farm-wide read is kept at most between writes; 0 turns the cache off. */
  readCacheMs: number;
  /** RETENTION_MONTHS: readings older than this many whole months are removed (whole partitions on PostgreSQL); unset keeps all. */
  retentionMonths: number | undefined;
  /**
   * MAP_STYLE_URL: the MapLibre style the console's map draws (OpenStreetMap's raster tiles when unset);
   * MAP_TILE_ORIGINS: further origins, comma-separated, its style loads tiles, glyphs or sprites from.
   * Both widen the Content-Security-Policy's img-src and connect-src to exactly those origins.
   */
  map: { styleUrl: string | undefined; origins: string[] };
}

/** The origin OpenStreetMap's raster tiles come from: the map's default source. */
export const OPENSTREETMAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/** The map's style URL and the origins the browser may load it and its tiles from. */
export function mapSettings(env: NodeJS.ProcessEnv): ApiConfig['map'] {
  const origin = (name: string, raw: string) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${name} no válido: ${raw}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} no válido: ${raw} (http o https)`);
    return url.origin;
  };
  const styleUrl = env['MAP_STYLE_URL']?.trim() || undefined;
  const extra = (env['MAP_TILE_ORIGINS'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => origin('MAP_TILE_ORIGINS', entry));
  const origins = styleUrl === undefined ? [OPENSTREETMAP_TILE_ORIGIN] : [origin('MAP_STYLE_URL', styleUrl)];
  return { styleUrl, origins: [...new Set([...origins, ...extra])] };
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) throw new Error(`${name} no válido: ${raw}`);
  return value;
}

const positiveInteger = (env: NodeJS.ProcessEnv, name: string, fallback: number) => integerSetting(env, name, fallback, 1);

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(raw: string | undefined, production: boolean): string {
  if (!raw) return production ? 'info' : 'debug';
  if (!LOG_LEVELS.includes(raw)) throw new Error(`LOG_LEVEL no válido: ${raw} (${LOG_LEVELS.join(', ')})`);
  return raw;
}

/** Reads the server's settings from the environment (DEVELOPERS.md lists them). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env['PORT'] ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT no válido: ${env['PORT']}`);
  const nodeEnv = env['NODE_ENV'] ?? 'development';
  const production = nodeEnv === 'production';
  return {
    port,
    host: env['HOST'] || '0.0.0.0',
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || './data',
    jwtSecret: env['JWT_SECRET'] || undefined,
    nodeEnv,
    production,
    logLevel: logLevel(env['LOG_LEVEL'], production),
    consoleDir: env['CONSOLE_DIR'] || (production ? `${REPO_ROOT}dist/console` : undefined),
    corsOrigins: (env['CORS_ORIGINS'] ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    loginRateLimit: {
      perEmail: positiveInteger(env, 'LOGIN_LIMIT_PER_EMAIL', DEFAULT_LOGIN_RATE_LIMIT.perEmail),
      perAddress: positiveInteger(env, 'LOGIN_LIMIT_PER_ADDRESS', DEFAULT_LOGIN_RATE_LIMIT.perAddress),
      windowSeconds: positiveInteger(env, 'LOGIN_LIMIT_WINDOW_SECONDS', DEFAULT_LOGIN_RATE_LIMIT.windowSeconds),
    },
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
    statementTimeoutMs: positiveInteger(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
    connectTimeoutMs: positiveInteger(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000),
    mqttUrl: env['MQTT_URL'] || undefined,
    metricsToken: env['METRICS_TOKEN'] || undefined,
    mqttClientId: env['MQTT_CLIENT_ID'] || undefined,
    mqttTopicPrefix: env['MQTT_TOPIC_PREFIX'] ?? '',
    ingestDates: {
      maxFutureSeconds: integerSetting(env, 'INGEST_MAX_FUTURE_SECONDS', 300, 0),
      maxAgeDays: positiveInteger(env, 'INGEST_MAX_AGE_DAYS', 400),
    },
    notifications: {
      smtpUrl: env['SMTP_URL'] || undefined,
      mailFrom: env['MAIL_FROM'] || undefined,
      smsWebhookUrl: env['SMS_WEBHOOK_URL'] || undefined,
      timeZone: env['NOTIFY_TIME_ZONE'] || 'America/Lima',
      minuteMs: positiveInteger(env, 'NOTIFY_MINUTE_MS', 60_000),
    },
    liveHeartbeatMs: positiveInteger(env, 'LIVE_HEARTBEAT_MS', 15_000),
    readCacheMs: integerSetting(env, 'READ_CACHE_MS', DEFAULT_READ_CACHE_MS, 0),
    map: mapSettings(env),
    retentionMonths: env['RETENTION_MONTHS'] ? positiveInteger(env, 'RETENTION_MONTHS', 0) : undefined,
  };
}
