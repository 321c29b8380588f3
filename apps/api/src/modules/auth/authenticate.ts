import type { Database } from '@camposense/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors/api-error';
import { AccountStatus } from './account-status';
import { verifyAccessToken } from './tokens';
import type { AccessClaims } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler/onRequest hook: 401 unless a valid bearer token comes; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Whether a token's bearer still exists, is active, holds its role and keeps its session. */
    accountStatus: AccountStatus;
  }
  interface FastifyRequest {
    /** The bearer of a verified access token; null on routes without `app.authenticate`. */
    user: AccessClaims | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Decorates the root instance (not a child context), so every later route can use it. */
export function registerAuthenticate(app: FastifyInstance, secret: Uint8Array, database: Database): void {
  app.decorateRequest('user', null);
  app.decorate('accountStatus', new AccountStatus(database));
  app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Falta el token de acceso');
    try {
      request.user = await verifyAccessToken(match[1], secret);
    } catch {
      throw unauthorized('El token de acceso no es válido o ha expirado');
    }
  });
}
