import { sqlState } from '@camposense/db';
import { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Never log credentials: headers that carry them, passwords and tokens wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'password',
  '*.password',
  'password_hash',
  '*.password_hash',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'jwtSecret',
  '*.jwtSecret',
  'token_hash',
  '*.token_hash',
];

export type LoggerOption = boolean | { level?: string; stream?: { write(line: string): void } };

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Drizzle puts the query's parameters (hashes, tokens' hashes, user data) into its message. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: .*/g, '\nparams: [redactado]');
}

/**
 * Errors as logs keep them: name, message, code, SQLSTATE and stack, following `cause`, but
 * never the query parameters or the driver's `detail` (which quotes the offending values).
 */
export function safeErrorSerializer(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const serialized: SerializedError = {
    type: error.name,
    message: withoutParams(error.message),
    stack: error.stack ? withoutParams(error.stack) : '',
  };
  if (typeof code === 'string') serialized['code'] = code;
  if (typeof statusCode === 'number') serialized['statusCode'] = statusCode;
  const state = sqlState(error);
  if (state) serialized['sqlState'] = state;
  if (error.cause !== undefined && depth < 3) serialized['cause'] = safeErrorSerializer(error.cause, depth + 1);
  return serialized;
}

/** Query parameters that carry credentials (a CSV link's download token): never logged. */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

/** A URL as logs keep it: credentials in its query replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redactado]');
}

interface LoggedRequest {
  method: string;
  url: string;
  version?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL's credentials redacted. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's logger option: false stays silent (tests); otherwise pino with redaction. */
export function loggerOptions(logger: LoggerOption | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const level = typeof logger === 'object' && logger.level ? logger.level : 'info';
  const stream = typeof logger === 'object' ? logger.stream : undefined;
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redactado]' },
    serializers: { err: (error: unknown) => safeErrorSerializer(error), req: requestSerializer },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's logger here is pino's (loggerOptions), which tells whether a level is written. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** A successful answer slower than this is logged at `info` all the same: operators see what drags. */
export const SLOW_REQUEST_MS = 1000;

/** Methods that change nothing: their quick successes are the bulk of the traffic. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The level of a request's line: `error` for a 5xx, `info` for a refusal (4xx), a slow answer or
 * any write (sign-ins, edits, acknowledgements, ingest: who changed what stays in the log, and they
 * are few), `debug` for the rest. In production (level `info`, LOG_LEVEL unset) a quick successful
 * read writes nothing: under load the per-request line and its redaction were 7 % of the API's time
 * (issue 31); LOG_LEVEL=debug writes every request again.
 */
function accessLevel(method: string, statusCode: number, responseTime: number): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 || responseTime >= SLOW_REQUEST_MS || !READ_METHODS.has(method) ? 'info' : 'debug';
}

/**
 * One line per request, when it is answered, with the request id (pino's `reqId`), method, URL
 * (credentials redacted), status and time, at accessLevel's level. Fastify's own controller writes
 * two (on arrival and on answer) with the whole request serialised: under load the log's writes
 * were the largest cost after the network's in a profile of the API.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const { statusCode } = reply;
    const level = accessLevel(request.method, statusCode, responseTime);
    // Nothing is built (nor redacted) for a line the level leaves out. Without a logger (`logger:
    // false`, the tests' default) Fastify's stand-in has no levels and writes nothing.
    const log = reply.log as Partial<PinoLogger>;
    if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled(level)) return;
    reply.log[level]({ method: request.method, url: redactUrl(request.url), statusCode, responseTime }, 'request completed');
  }
}
