import { schemaStatus } from '@camposense/db';
import type { Database } from '@camposense/db';
import { healthRoute, readinessRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error';

export interface HealthRoutesOptions {
  database: Database;
  /** MAP_STYLE_URL, told to the console (it has no other runtime settings). */
  mapStyleUrl?: string | undefined;
}

/** How long readiness waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 2000;

const unavailable = (message: string) => new ApiError(503, 'DATABASE_UNAVAILABLE', message);

/** `work`, or a 503 when it has not answered within `ms` (a server that is gone may never answer). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(unavailable('La base de datos no respondió a tiempo')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, for process managers and load balancers:
 * - `/api/health` (liveness) says the process runs and serves HTTP; it never touches the database,
 *   so a database outage does not get a healthy process restarted.
 * - `/api/health/ready` (readiness) says whether to send it traffic: the database answers and every
 *   migration is applied (while another process migrates, the new tables are not visible yet).
 */
export async function healthRoutes(fastify: FastifyInstance, { database, mapStyleUrl }: HealthRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'El proceso responde (liveness); no consulta la base de datos',
        ...healthRoute,
      },
    },
    async () => ({ status: 'ok' as const, database: database.kind, ...(mapStyleUrl ? { mapStyleUrl } : {}) }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'La base de datos responde y está migrada (readiness); si no, 503 DATABASE_UNAVAILABLE',
        ...readinessRoute,
      },
    },
    async (request) => {
      let status;
      try {
        status = await within(READINESS_TIMEOUT_MS, schemaStatus(database));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        request.log.warn({ err: error }, 'readiness: database unreachable');
        throw unavailable('No se puede conectar con la base de datos');
      }
      if (!status.available) throw unavailable(status.error);
      return { status: 'ready' as const, database: database.kind };
    },
  );
}
