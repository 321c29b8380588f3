import type { Database } from '@camposense/db';
import { levelsGrantableBy, MANAGE_LEVEL, MAX_GRANTS_PER_USER, replaceUserAccessRoute, userAccessRoute } from '@camposense/domain';
import type { ApiErrorDetail, UserAccessBody, UserAccessResponse } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import { security } from '../../schemas';
import { grantOf } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import { allowsAnywhere, cannotWriteAt } from '../../security/write-access';
import { validationError } from '../tables/queries';
import { createAccessQueries } from './queries';

export interface AccessRoutesOptions {
  database: Database;
}

const NO_USER = 'No existe un usuario con ese id';

/** What a user who is no platform admin sees of another's grants: only the companies granted to them too. */
function seenBy(grant: Grant, access: UserAccessResponse): UserAccessResponse {
  return grant.all ? access : { ...access, accesos: access.accesos.filter((granted) => grant.levels.has(granted.empresaid)) };
}

/**
 * A manager's replacement (issue 32): the grants it may give, those of the companies where it holds
 * gestion, at most at its own level. Another company's grant may come back only as the user holds it
 * already (a console sends the whole list); changed, it answers 404 outside the manager's grant and
 * 403 inside it.
 */
function managedGrants(grant: Grant, managed: ReadonlySet<number>, accesos: UserAccessBody['accesos'], current: UserAccessResponse): UserAccessBody['accesos'] {
  const held = new Map(current.accesos.map((granted) => [granted.empresaid, granted.nivel]));
  for (const { empresaid, nivel } of accesos) {
    if (managed.has(empresaid)) {
      if (!levelsGrantableBy(grant.levels.get(empresaid)).includes(nivel)) throw new ApiError(403, 'FORBIDDEN', 'No puede conceder un nivel mayor que el suyo en esa empresa');
    } else if (held.get(empresaid) !== nivel) {
      if (grant.levels.has(empresaid)) throw cannotWriteAt(MANAGE_LEVEL);
      throw notFound('No existe una empresa con ese id');
    }
  }
  return accesos.filter(({ empresaid }) => managed.has(empresaid));
}

/**
 * GET and PUT /api/sense/usuarios/:usuarioid/accesos (issue 32). A user reads their own grants, an
 * admin anyone's, a manager (level gestion somewhere) anyone's within the manager's own companies;
 * anyone else asking another's gets 404, as if the user did not exist. An admin replaces any grant;
 * a manager only those of the companies it manages (managedGrants).
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
          'Un usuario lee sus propias concesiones; las de otro, un administrador, o un usuario con el nivel gestión en alguna empresa, ' +
          'que ve solo las de las empresas concedidas a él (si no, 404).',
        security,
        ...userAccessRoute,
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const { usuarioid } = request.params;
      const grant = await grantOf(request);
      if (actor.id !== usuarioid && !allowsAnywhere(grant, MANAGE_LEVEL)) throw notFound(NO_USER);
      const access = await queries.ofUser(usuarioid);
      if (!access) throw notFound(NO_USER);
      return actor.id === usuarioid ? access : seenBy(grant, access);
    },
  );

  app.put(
    '/usuarios/:usuarioid/accesos',
    {
      config: { grantedWrite: () => MANAGE_LEVEL },
      schema: {
        tags: ['accesos'],
        summary: 'Reemplaza las empresas concedidas a un usuario, en una transacción',
        description:
          `La lista es el conjunto completo (hasta ${MAX_GRANTS_PER_USER.toLocaleString('en')}): lo que no viene se retira; una lista vacía lo retira todo. ` +
          'Una empresa repetida responde 400 con rule `repeated` (limit = índice anterior); una que no existe, 400 con rule `missing`. Nada se escribe si algo falla. ' +
          'Un usuario con el nivel gestión (no administrador) cambia solo las concesiones de las empresas que gestiona, hasta su propio nivel: ' +
          'las de otras empresas se quedan como están (pueden venir en la lista tal cual); cambiarlas responde 404 fuera de su concesión y 403 dentro. ' +
          'La respuesta le muestra solo las empresas concedidas a él.',
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
      const grant = await grantOf(request);
      let replaced = accesos;
      let within: number[] | undefined;
      if (!grant.all) {
        const current = await queries.ofUser(request.params.usuarioid);
        if (!current) throw notFound(NO_USER);
        within = grant.empresas.filter((empresaid) => levelsGrantableBy(grant.levels.get(empresaid)).length > 0);
        replaced = managedGrants(grant, new Set(within), accesos, current);
      }
      const result = await queries.replace(request.params.usuarioid, replaced, actor.id, within);
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
      return seenBy(grant, result);
    },
  );
}
