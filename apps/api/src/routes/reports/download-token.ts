import { randomUUID } from 'node:crypto';
import type { Rol } from '@camposense/domain';
import { jwtVerify, SignJWT } from 'jose';

/*
 * A CSV download is a plain link the browser follows, so its bytes stream from the server straight
 * to the download manager instead of piling up in page memory as a Blob. A link cannot carry the
 * Authorization header; it carries this token instead: HS256 with the server's key, an audience of
 * its own (an access token is no download token and a download token is no access token), one
 * report, one user, one minute, one use: a link copied from the address bar, a log or a proxy's
 * history opens nothing (issue 10, item 6). Logs never show it (logger.ts strips `token=` from URLs).
 */

export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'camposense';
const AUDIENCE = 'camposense-report-download';
const ALGORITHM = 'HS256';

/** A report, a table's status view (`tabla:pais`), or the live stream (an EventSource cannot send a header either). */
export type DownloadableReport = 'alertas' | 'mensajes' | 'stream' | `tabla:${string}`;

export async function signDownloadToken(
  userId: number,
  rol: Rol,
  report: DownloadableReport,
  secret: Uint8Array,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + DOWNLOAD_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ report, rol })
    .setJti(randomUUID())
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

/**
 * The ids of spent download tokens, each kept until its token expires (then the signature check
 * refuses it anyway). In memory: one API process; a restart forgets them, and a token is at most
 * a minute old. Bounded: past MAX_SPENT live entries new downloads by token are refused (the
 * console then asks for a new token) rather than growing without end.
 */
export class SpentDownloadTokens {
  private readonly spent = new Map<string, number>();

  constructor(private readonly maxEntries = 100_000) {}

  /** Marks `jti` spent; false when it already was (or the store is full). */
  spend(jti: string, expiresAt: number, now = Date.now() / 1000): boolean {
    for (const [id, expiry] of this.spent) {
      if (expiry >= now) break;
      this.spent.delete(id);
    }
    if (this.spent.has(jti) || this.spent.size >= this.maxEntries) return false;
    // Insertion order is expiry order: every token lives the same minute.
    this.spent.set(jti, expiresAt);
    return true;
  }
}

/** Resolves when `token` is a valid, unexpired, unspent download token for `report` (and spends it); rejects otherwise. */
export async function verifyDownloadToken(
  token: string,
  report: DownloadableReport,
  secret: Uint8Array,
  spent: SpentDownloadTokens,
): Promise<{ userId: number; rol: Rol }> {
  const { payload } = await jwtVerify(token, secret, {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience: AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub', 'jti'],
  });
  const userId = Number(payload.sub);
  if (payload['report'] !== report || !Number.isSafeInteger(userId) || userId <= 0) {
    throw new Error('download token for another report');
  }
  if (!spent.spend(payload.jti!, payload.exp!)) throw new Error('download token already used');
  // What the CSV may show depends on the role; a token without one is read as the lesser.
  return { userId, rol: payload['rol'] === 'admin' ? 'admin' : 'user' };
}
