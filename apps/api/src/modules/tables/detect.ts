import { schemaStatus } from '@camposense/db';
import type { Database } from '@camposense/db';
import type { DetectResponse } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../schemas';

export interface SenseRoutesOptions {
  database: Database;
}

/** /api/sense: every call needs a bearer token (api.md), enforced once for the whole prefix. */
export async function senseRoutes(app: FastifyInstance, { database }: SenseRoutesOptions): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Reply: DetectResponse }>(
    '/detect',
    {
      schema: {
        tags: ['sense'],
        summary: 'Si el esquema sense existe y está migrado',
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            type: 'object',
            required: ['available'],
            properties: { available: { type: 'boolean' }, error: { type: 'string' } },
          },
          ...errorResponses(401, 500),
        },
      },
    },
    async (request) => {
      try {
        return await schemaStatus(database);
      } catch (error) {
        request.log.error({ err: error }, 'schema detection failed');
        return { available: false, error: 'No se pudo consultar el esquema sense' };
      }
    },
  );
}
