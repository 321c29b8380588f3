import type { AccessLevel, Rol } from '@camposense/domain';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { ApiError, unauthorized } from '../errors/api-error';
import { grantOf } from './tenancy';
import { allowsAnywhere, cannotWriteAt } from './write-access';

/** The methods that change data; everything else is a read. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The prefix whose writes only an admin may make (api.md, "Authentication"). */
export const GUARDED_PREFIX = '/api/sense';

/** Why a token whose signature holds is refused: its bearer is gone or inactive, or signed out. */
export const ACCOUNT_GONE = 'El usuario de la sesión ya no existe o está inactivo';
export const SESSION_CLOSED = 'La sesión se cerró: inicie sesión de nuevo';

const forbidden = () => new ApiError(403, 'FORBIDDEN', 'Su rol no permite modificar datos');

/**
 * onRequest hook: 401 without a valid token, 403 unless its bearer has role `rol` (or one of them). The token's
 * word is not enough (it lives 15 minutes): the database must still know its bearer as active,
 * holding `rol`, with the token's session open (issue 10, item 4; a cached read, account-status.ts).
 */
export function requireRole(app: FastifyInstance, rol: Rol | readonly Rol[]): onRequestAsyncHookHandler {
  const allowed: readonly Rol[] = typeof rol === 'string' ? [rol] : rol;
  return async function requireRoleHook(request, reply) {
    // The prefix's own authenticate normally ran already; run it here if the route did not.
    if (!request.user) await app.authenticate(request, reply);
    if (!request.user) throw unauthorized();
    if (!allowed.includes(request.user.rol)) throw forbidden();
    const standing = await app.accountStatus.standing(request.user);
    if (!standing.active) throw unauthorized(ACCOUNT_GONE);
    if (!standing.sessionOpen) throw unauthorized(SESSION_CLOSED);
    if (standing.rol === null || !allowed.includes(standing.rol)) throw forbidden();
  };
}


function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that writes nothing (it issues a credential for a read, such as the live stream's
     * ticket): the write guard lets every signed-in role call it.
     */
    writesNothing?: boolean;
    /**
     * A write a granted user may make (issue 32): the level it needs on the companies it touches,
     * read from the request (its table), or null when only a platform admin may make it. The
     * guard lets through a user who holds that level in some company; the handler checks each
     * row it touches (write-access.ts). Without it, the route is admin-only.
     */
    grantedWrite?: (request: FastifyRequest) => AccessLevel | null;
  }
}

/**
 * Every write route under GUARDED_PREFIX gets `requireRole('admin')` as its last onRequest hook,
 * whoever writes the route and whenever (but a route whose config says it writes nothing): the
 * rule holds by construction, not by each route remembering it. Route-level hooks run after the prefix's own (authenticate), and before the
 * body is parsed, so a `user` gets 403 whatever the body holds.
 */
export function registerWriteGuard(app: FastifyInstance): void {
  const adminOnly = requireRole(app, 'admin');
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${GUARDED_PREFIX}/`) && route.url !== GUARDED_PREFIX) return;
    if (!methodsOf(route).some((method) => WRITE_METHODS.has(method))) return;
    if (route.config?.writesNothing === true) return;
    const levelOf = route.config?.grantedWrite;
    route.onRequest = [...asArray(route.onRequest), levelOf ? grantedWriteGuard(app, levelOf, adminOnly) : adminOnly];
  });
}

/**
 * The guard of a write a granted user may make: admin-only when the request's write needs a
 * platform admin, else 403 (before the body is read) unless the bearer's grant, as the database
 * holds it now (grantOf: active account, open session), reaches the level in some company.
 */
function grantedWriteGuard(
  app: FastifyInstance,
  levelOf: (request: FastifyRequest) => AccessLevel | null,
  adminOnly: onRequestAsyncHookHandler,
): onRequestAsyncHookHandler {
  return async function grantedWriteHook(request, reply) {
    const level = levelOf(request);
    if (level === null) {
      await adminOnly.call(app, request, reply);
      return;
    }
    if (!request.user) await app.authenticate(request, reply);
    if (!request.user) throw unauthorized();
    if (!allowsAnywhere(await grantOf(request), level)) throw cannotWriteAt(level);
  };
}
