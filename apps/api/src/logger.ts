import type { FastifyServerOptions } from 'fastify';

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
];

export type LoggerOption = boolean | { level?: string };

/** Fastify's logger option: false stays silent (tests); otherwise pino with redaction. */
export function loggerOptions(logger: LoggerOption | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const level = typeof logger === 'object' && logger.level ? logger.level : 'info';
  return { level, redact: { paths: REDACT_PATHS, censor: '[redactado]' } };
}
