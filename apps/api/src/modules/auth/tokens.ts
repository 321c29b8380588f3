import { createHash, randomBytes } from 'node:crypto';
import type { Rol, Session, SessionUser } from '@camposense/domain';
import { createSecretKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

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
  /** The session (refresh-token family) the token was issued for; logout revokes it. */
  sessionId: string | null;
}

const secretKeys = new WeakMap<Uint8Array, KeyObject>();

/**
 * The secret as a KeyObject, made once per secret: jose imports a raw Uint8Array into a CryptoKey
 * on every call (a profile of the preview route under load put 6% of the CPU there), but keeps
 * the CryptoKey of a KeyObject.
 */
function secretKey(secret: Uint8Array): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    secretKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  user: SessionUser,
  secret: Uint8Array,
  issuedAt: number,
  sessionId?: string,
): Promise<string> {
  return new SignJWT({ email: user.email, rol: user.user_metadata.rol, ...(sessionId ? { sid: sessionId } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secretKey(secret));
}

/** Claims every access token must carry: a token without an expiry would never expire. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];

/**
 * Tokens already verified, per secret, each until it expires: a client sends the same token with
 * every call for its 15 minutes, and WebCrypto's HMAC check cost 7.5% of the API's CPU under
 * `bench:load`. A hit is the very string that passed every check below, answered only while its
 * `exp` and `iat` + lifetime still hold; bounded so a flood of distinct tokens cannot grow it.
 */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, AccessClaims>>();
const VERIFIED_TOKENS_MAX = 20_000;

/** Verifies signature (HS256 only: `alg: none` and others fail), expiry, issuer, audience and the required claims. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims> {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_TOKENS_MAX, ttlAutopurge: false });
    verifiedTokens.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) return known;
  const claims = await verifySignedToken(token, secret);
  verified.set(token, Object.freeze(claims.claims), { ttl: claims.validForMs });
  return claims.claims;
}

async function verifySignedToken(token: string, secret: Uint8Array): Promise<{ claims: AccessClaims; validForMs: number }> {
  const { payload } = await jwtVerify(token, secretKey(secret), {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience: AUDIENCE,
    requiredClaims: REQUIRED_CLAIMS,
    // Also refuses an `iat` in the future or older than one lifetime, whatever `exp` says.
    maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  const id = Number(payload.sub);
  const { email, rol, sid } = payload as { email?: unknown; rol?: unknown; sid?: unknown };
  if (!Number.isSafeInteger(id) || id <= 0 || typeof email !== 'string' || (rol !== 'admin' && rol !== 'user')) {
    throw new Error('malformed access token claims');
  }
  // Until the earlier of `exp` and `iat` + lifetime: what jose would check again at that moment.
  const validUntilMs = Math.min(payload.exp! * 1000, (payload.iat! + ACCESS_TOKEN_TTL_SECONDS) * 1000);
  return { claims: { id, email, rol, sessionId: typeof sid === 'string' ? sid : null }, validForMs: Math.max(1, validUntilMs - Date.now()) };
}

/** An opaque refresh token: 32 random bytes, base64url (43 characters). */
export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a refresh token. A plain SHA-256 suffices: the token is 256 random
 * bits, so there is nothing to brute-force, and a lookup by hash stays an index scan.
 */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new session answer for `user`: a fresh access token valid from `now` (ms) and `refreshToken`. */
export async function issueSession(
  user: SessionUser,
  secret: Uint8Array,
  refreshToken: string,
  sessionId: string,
  now = Date.now(),
): Promise<Session> {
  const issuedAt = Math.floor(now / 1000);
  return {
    access_token: await signAccessToken(user, secret, issuedAt, sessionId),
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    user,
  };
}
