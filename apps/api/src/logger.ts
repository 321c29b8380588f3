import { sqlState } from '@camposense/db';
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

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

/**
 * One line per request, when it is answered, with the request, status and time. Fastify's own
 * controller writes two (on arrival and on answer): under load the log's writes were the largest
 * cost after the network's in a profile of the API.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
