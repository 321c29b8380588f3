import { schemaStatus } from '@camposense/db';
import type { Database } from '@camposense/db';
import { detectRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { security } from '../../schemas';

export interface SenseRoutesOptions {
  database: Database;
}

/** /api/sense: every call needs a bearer token (api.md), enforced once for the whole prefix. */
export async function senseRoutes(fastify: FastifyInstance, { database }: SenseRoutesOptions): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/detect',
    {
      schema: {
        tags: ['sense'],
        summary: 'Si el esquema sense existe y está migrado',
        security,
        ...detectRoute,
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
