import swagger from '@fastify/swagger';
import type { Database } from '@camposense/db';
import { APP_VERSION } from '@camposense/domain';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerAuthenticate } from './auth/authenticate';
import { authRoutes } from './auth/routes';
import { hasConsoleBuild, isSpaNavigation, registerConsoleStatic } from './console-static';
import { errorBody } from './errors/api-error';
import { registerErrorHandling } from './errors/error-handler';
import { loggerOptions } from './logger';
import type { LoggerOption } from './logger';
import { healthRoutes } from './routes/health';
import { senseRoutes } from './routes/sense';
import { sharedSchemas } from './schemas';
import { registerValidation } from './validation';

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
}

export async function buildApp({ database, jwtSecret, consoleDir, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(logger), bodyLimit: BODY_LIMIT_BYTES });

  for (const schema of sharedSchemas) app.addSchema(schema);
  registerValidation(app, sharedSchemas);
  registerErrorHandling(app);
  registerAuthenticate(app, jwtSecret);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'CampoSense API', version: APP_VERSION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json['$id'] ?? `def-${i}`) },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { prefix: '/api', database });
  await app.register(authRoutes, { prefix: '/api/auth', database, jwtSecret });
  await app.register(senseRoutes, { prefix: '/api/sense', database });

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
