import { randomBytes } from 'node:crypto';
import type { Rol, Session, SessionUser } from '@camposense/domain';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes (`expires_in`). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'camposense';
const AUDIENCE = 'camposense-console';
const ALGORITHM = 'HS256';

/** What a verified access token says about its bearer. */
export interface AccessClaims {
  id: number;
  email: string;
  rol: Rol;
}

export async function signAccessToken(user: SessionUser, secret: Uint8Array, issuedAt: number): Promise<string> {
  return new SignJWT({ email: user.email, rol: user.user_metadata.rol })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** Verifies signature (HS256 only: `alg: none` and others fail), expiry, issuer and audience. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
  const id = Number(payload.sub);
  const { email, rol } = payload as { email?: unknown; rol?: unknown };
  if (!Number.isSafeInteger(id) || id <= 0 || typeof email !== 'string' || (rol !== 'admin' && rol !== 'user')) {
    throw new Error('malformed access token claims');
  }
  return { id, email, rol };
}

/**
 * An opaque refresh token. For now it is not stored; a later issue makes refresh tokens
 * rotating and stored hashed, here.
 */
export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new session for `user`, its access token valid from `now` (ms). */
export async function issueSession(user: SessionUser, secret: Uint8Array, now = Date.now()): Promise<Session> {
  const issuedAt = Math.floor(now / 1000);
  return {
    access_token: await signAccessToken(user, secret, issuedAt),
    refresh_token: createRefreshToken(),
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    user,
  };
}
