import { STATUS_ACTIVE, verifyPassword } from '@camposense/db';
import type { Database } from '@camposense/db';
import { LOGIN_ERROR_BAD_PASSWORD, LOGIN_ERROR_UNKNOWN_USER } from '@camposense/domain';
import type { LoginFailure, LoginRequest, LoginSuccess, MeResponse } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors/api-error';
import { errorResponses } from '../schemas';
import { issueSession } from './tokens';
import { findActiveUserById, findUserByLogin, toSessionUser } from './users';

export interface AuthRoutesOptions {
  database: Database;
  jwtSecret: Uint8Array;
}

const loginFailureSchema = {
  type: 'object',
  required: ['success', 'error'],
  properties: { success: { type: 'boolean', const: false }, error: { type: 'string' } },
} as const;

/** /api/auth: login answers the special `{ success, … }` shape of api.md. */
export async function authRoutes(app: FastifyInstance, { database, jwtSecret }: AuthRoutesOptions): Promise<void> {
  app.post<{ Body: LoginRequest; Reply: LoginSuccess | LoginFailure }>(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión con e-mail y contraseña',
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'user', 'session'],
            properties: {
              success: { type: 'boolean', const: true },
              user: { $ref: 'SessionUser#' },
              session: { $ref: 'Session#' },
            },
          },
          401: loginFailureSchema,
          ...errorResponses(400, 413, 500),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await findUserByLogin(database, email);
      if (!row) {
        return reply.status(401).send({ success: false, error: LOGIN_ERROR_UNKNOWN_USER });
      }
      // An inactive user's password is still checked, so it answers as a wrong one would.
      const matches = await verifyPassword(row.password_hash, password);
      if (!matches || row.statusid !== STATUS_ACTIVE) {
        return reply.status(401).send({ success: false, error: LOGIN_ERROR_BAD_PASSWORD });
      }
      const user = toSessionUser(row);
      const session = await issueSession(user, jwtSecret);
      return { success: true, user, session };
    },
  );

  app.get<{ Reply: MeResponse }>(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'El usuario de la sesión, leído de la base de datos',
        security: [{ bearerAuth: [] }],
        response: {
          200: { type: 'object', required: ['user'], properties: { user: { $ref: 'SessionUser#' } } },
          ...errorResponses(401, 500),
        },
      },
    },
    async (request) => {
      const claims = request.user;
      const row = claims ? await findActiveUserById(database, claims.id) : undefined;
      if (!row) throw unauthorized('El usuario de la sesión ya no existe o está inactivo');
      return { user: toSessionUser(row) };
    },
  );
}
