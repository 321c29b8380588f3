import { createHmac, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { hashPassword, STATUS_ACTIVE, verifyPassword } from '@camposense/db';
import type { Database } from '@camposense/db';
import { LOGIN_ERROR_BAD_PASSWORD, LOGIN_ERROR_UNKNOWN_USER } from '@camposense/domain';
import { loginRoute, logoutRoute, meRoute, refreshRoute } from '@camposense/domain';
import type { RefreshTokenBody } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, unauthorized } from '../../errors/api-error';
import { DatabaseLoginAttemptStore } from '../../security/login-attempt-store';
import { LoginThrottle } from '../../security/rate-limit';
import type { LoginRateLimit } from '../../security/rate-limit';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  revokeSession,
  rotateRefreshToken,
  sessionOfToken,
  startSession,
} from './sessions';
import type { ClientInfo } from './sessions';
import { issueSession, verifyAccessToken } from './tokens';
import { findActiveUserById, findUserByLogin, normaliseLogin, toSessionUser } from './users';
import { security } from '../../schemas';

export interface AuthRoutesOptions {
  database: Database;
  jwtSecret: Uint8Array;
  /** Sign-in attempts per e-mail and per address. */
  loginRateLimit: LoginRateLimit;
}

/** The browser's copy of the refresh token: httpOnly, SameSite=Strict, sent only to /api/auth. */
export const REFRESH_COOKIE = 'camposense_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

/** A browser refreshes with the cookie and no body at all: validate that as `{}`. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    // Secure whenever the client reached us over https (behind a proxy: with TRUST_PROXY set).
    secure: request.protocol === 'https',
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: request.protocol === 'https',
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}

/** The body's token wins over the cookie: an API client that sends one means that one. */
function presentedRefreshToken(request: FastifyRequest, body: RefreshTokenBody | undefined): string | undefined {
  return body?.refresh_token ?? request.cookies[REFRESH_COOKIE] ?? undefined;
}

/**
 * /api/auth: login answers the special `{ success, … }` shape of api.md; refresh rotates the
 * refresh token; logout revokes the session (docs/security.md).
 */
export async function authRoutes(
  fastify: FastifyInstance,
  { database, jwtSecret, loginRateLimit }: AuthRoutesOptions,
): Promise<void> {
  await fastify.register(cookie);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Counted in the database, so several instances on one PostgreSQL share one allowance.
  const throttle = new LoginThrottle(loginRateLimit, new DatabaseLoginAttemptStore(database));
  // Refresh-token successors are HMACs under a key of their own, derived from the signing secret.
  const successorKey = createHmac('sha256', jwtSecret).update('camposense refresh-token successor').digest();
  // An unknown e-mail is checked against this hash, so it costs the same argon2 work as a known
  // one and the answer's timing does not tell which e-mails exist. Made once, on first use.
  let dummyHash: Promise<string> | undefined;
  const unknownUserHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión con e-mail y contraseña',
        ...loginRoute,
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const login = normaliseLogin(email);
      const decision = await throttle.attempt(login, request.ip);
      if (!decision.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(decision.retryAfterSeconds))
          .send(errorBody('RATE_LIMITED') as never);
      }
      const row = await findUserByLogin(database, login);
      if (!row) {
        await verifyPassword(await unknownUserHash(), password);
        return reply.status(401).send({ success: false, error: LOGIN_ERROR_UNKNOWN_USER });
      }
      // An inactive user's password is still checked, so it answers as a wrong one would.
      const matches = await verifyPassword(row.password_hash, password);
      if (!matches || row.statusid !== STATUS_ACTIVE) {
        return reply.status(401).send({ success: false, error: LOGIN_ERROR_BAD_PASSWORD });
      }
      await throttle.succeeded(login, request.ip);
      const user = toSessionUser(row);
      const issued = await startSession(database, user.id, clientInfo(request));
      const session = await issueSession(user, jwtSecret, issued.refreshToken, issued.sessionId);
      setRefreshCookie(request, reply, issued.refreshToken);
      return { success: true as const, user, session };
    },
  );

  app.post(
    '/refresh',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Renueva la sesión: el token de renovación se usa una sola vez',
        description:
          'El token llega en la cookie httpOnly `camposense_refresh` (navegador) o en el cuerpo `{ refresh_token }`. ' +
          'Reutilizar un token ya usado revoca la sesión entera.',
        ...refreshRoute,
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body);
      if (!presented) throw unauthorized('Falta el token de renovación');
      const outcome = await rotateRefreshToken(database, presented, clientInfo(request), successorKey);
      if (!outcome.ok) {
        clearRefreshCookie(request, reply);
        if (outcome.reason === 'reused') {
          request.log.warn({ reason: outcome.reason }, 'refresh token reused: session revoked');
          throw unauthorized('El token de renovación ya se había usado: la sesión se cerró por seguridad');
        }
        throw unauthorized('La sesión no es válida o ha expirado');
      }
      // The role and the active flag are read again on every refresh: a change applies within
      // one access-token lifetime.
      const row = await findActiveUserById(database, outcome.usuarioid);
      if (!row) {
        await revokeSession(database, outcome.sessionId);
        clearRefreshCookie(request, reply);
        throw unauthorized('El usuario de la sesión ya no existe o está inactivo');
      }
      setRefreshCookie(request, reply, outcome.refreshToken);
      return issueSession(toSessionUser(row), jwtSecret, outcome.refreshToken, outcome.sessionId);
    },
  );

  app.post(
    '/logout',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Cierra la sesión: su token de renovación deja de funcionar',
        description:
          'La sesión se identifica por el token de renovación (cookie o cuerpo) o por el token de acceso. ' +
          'Responde 204 también si la sesión ya estaba cerrada.',
        ...logoutRoute,
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body);
      let sessionId = presented ? await sessionOfToken(database, presented) : undefined;
      if (!sessionId) sessionId = (await sessionOfBearer(request, jwtSecret)) ?? undefined;
      if (sessionId) {
        await revokeSession(database, sessionId);
        app.accountStatus.invalidateSession(sessionId);
      }
      clearRefreshCookie(request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'El usuario de la sesión, leído de la base de datos',
        security,
        ...meRoute,
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

/** The session id of a valid bearer token, if the request carries one. */
async function sessionOfBearer(request: FastifyRequest, secret: Uint8Array): Promise<string | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  try {
    return (await verifyAccessToken(match[1], secret)).sessionId;
  } catch {
    return null;
  }
}
