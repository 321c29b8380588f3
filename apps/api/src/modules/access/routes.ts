import type { Database } from '@camposense/db';
import { MAX_GRANTS_PER_USER, replaceUserAccessRoute, userAccessRoute } from '@camposense/domain';
import type { ApiErrorDetail } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import { security } from '../../schemas';
import { validationError } from '../tables/queries';
import { createAccessQueries } from './queries';

export interface AccessRoutesOptions {
  database: Database;
}

const NO_USER = 'No existe un usuario con ese id';

/**
 * GET and PUT /api/sense/usuarios/:usuarioid/accesos (issue 32). A user reads their own grants, an
 * admin anyone's (another's answers 404, as if the user did not exist); only an admin replaces them
 * (the write guard on /api/sense).
 */
export async function accessRoutes(fastify: FastifyInstance, { database }: AccessRoutesOptions): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const queries = createAccessQueries(database);

  app.get(
    '/usuarios/:usuarioid/accesos',
    {
      schema: {
        tags: ['accesos'],
        summary: 'Las empresas concedidas a un usuario y su nivel (lectura, operacion, gestion)',
        description:
          'Un administrador de la plataforma (`todas: true`) ve todas las empresas sin concesiones; otro usuario, solo las concedidas. ' +
          'Un usuario lee sus propias concesiones; las de otro, solo un administrador (si no, 404).',
        security,
        ...userAccessRoute,
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const { usuarioid } = request.params;
      if (actor.rol !== 'admin' && actor.id !== usuarioid) throw notFound(NO_USER);
      const access = await queries.ofUser(usuarioid);
      if (!access) throw notFound(NO_USER);
      return access;
    },
  );

  app.put(
    '/usuarios/:usuarioid/accesos',
    {
      schema: {
        tags: ['accesos'],
        summary: 'Reemplaza las empresas concedidas a un usuario, en una transacción',
        description:
          `La lista es el conjunto completo (hasta ${MAX_GRANTS_PER_USER.toLocaleString('en')}): lo que no viene se retira; una lista vacía lo retira todo. ` +
          'Una empresa repetida responde 400 con rule `repeated` (limit = índice anterior); una que no existe, 400 con rule `missing`. Nada se escribe si algo falla.',
        security,
        ...replaceUserAccessRoute,
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const { accesos } = request.body;
      const firstIndex = new Map<number, number>();
      const problems: ApiErrorDetail[] = [];
      accesos.forEach(({ empresaid }, index) => {
        const earlier = firstIndex.get(empresaid);
        if (earlier === undefined) firstIndex.set(empresaid, index);
        else problems.push({ field: `accesos/${index}/empresaid`, rule: 'repeated', limit: earlier });
      });
      if (problems.length > 0) throw validationError(problems);
      const result = await queries.replace(request.params.usuarioid, accesos, actor.id);
      // The grant is read with the account standing (cached STANDING_TTL_MS): forgotten at once here,
      // so the next request of that user on this process reads the new grant; another worker or
      // instance reads it within STANDING_TTL_MS (2 s). The read cache was cleared by this write.
      fastify.accountStatus.invalidate(request.params.usuarioid);
      if (!result) throw notFound(NO_USER);
      if ('unknownEmpresas' in result) {
        throw validationError(
          accesos.flatMap(({ empresaid }, index) => (result.unknownEmpresas.includes(empresaid) ? [{ field: `accesos/${index}/empresaid`, rule: 'missing' }] : [])),
        );
      }
      return result;
    },
  );
}
