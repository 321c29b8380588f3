import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-Match';
/** Answer headers a script of an allowed origin may read: the row version for If-Match. */
const EXPOSED_HEADERS = 'ETag';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin access only for the origins CORS_ORIGINS names; with none, no CORS header is
 * ever sent and browsers keep other sites out (the console is served from our own origin).
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
      await reply.status(204).send();
    }
  });
}
