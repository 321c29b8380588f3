import type { Database } from '@camposense/db';
import { ownLanguageRoute, setOwnLanguageRoute } from '@camposense/domain';
import type { MessageLanguage, MessageLanguageBody } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors/api-error';
import { security } from '../../schemas';

/**
 * /api/account/idioma: the signed-in user's own notification language (`usuario.idioma`, alarms.md
 * "What"), read and changed by any role for themselves only; an admin changes another user's in
 * the parameters area. The console's own language stays in the browser.
 */
export async function languageRoutes(fastify: FastifyInstance, { database }: { database: Database }): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const ownLanguage = async (usuarioid: number): Promise<MessageLanguageBody> => {
    const [row] = (
      await database.db.execute(sql`select idioma from sense.usuario where usuarioid = ${usuarioid} and statusid = 1`)
    ).rows as unknown as { idioma: MessageLanguage }[];
    if (!row) throw unauthorized('El usuario de la sesión ya no existe o está inactivo');
    return { idioma: row.idioma };
  };

  app.get(
    '/idioma',
    {
      schema: {
        tags: ['auth'],
        summary: 'El idioma de los avisos del usuario de la sesión',
        security,
        ...ownLanguageRoute,
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ownLanguage(request.user.id);
    },
  );

  app.put(
    '/idioma',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cambia el idioma de los avisos del usuario de la sesión',
        security,
        ...setOwnLanguageRoute,
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await database.db.execute(sql`
        update sense.usuario set idioma = ${request.body.idioma}, usermodifiedid = ${user.id}, datemodified = now()
         where usuarioid = ${user.id} and statusid = 1`);
      return ownLanguage(user.id);
    },
  );
}
