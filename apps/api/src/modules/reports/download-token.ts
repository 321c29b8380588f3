import { randomUUID } from 'node:crypto';
import type { Database } from '@camposense/db';
import type { Rol } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';

/*
 * A CSV download is a plain link the browser follows, so its bytes stream from the server straight
 * to the download manager instead of piling up in page memory as a Blob. A link cannot carry the
 * Authorization header; it carries this token instead: HS256 with the server's key, an audience of
 * its own (an access token is no download token and a download token is no access token), one
 * report, one user, one minute, one use: a link copied from the address bar, a log or a proxy's
 * history opens nothing (issue 10, item 6). One use across the cluster, and only once the request
 * passed its checks: a refused request (400, 401, 403, 404) leaves the token usable (issue 27,
 * item 4). Logs never show it (logger.ts strips `token=` from URLs).
 */

export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'camposense';
const AUDIENCE = 'camposense-report-download';
const ALGORITHM = 'HS256';

/** A report, a table's status view (`tabla:pais`), or the live stream (an EventSource cannot send a header either). */
import type { DownloadableReport } from '@camposense/domain';
export type { DownloadableReport };

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

/** Where used token ids are kept: shared by every API instance over one database. */
export interface SpentTokens {
  /** Marks `jti` used; false when it already was, by this instance or any other. */
  spend(jti: string, expiresAt: number): Promise<boolean>;
}

/**
 * How long a used id is kept after its token expired. The signature check refuses an expired token
 * by the instance's own clock: the margin covers instances whose clocks run behind the database's.
 */
const SPENT_GRACE = "10 minutes";

/**
 * Used token ids in `sense.tokenusado` (issue 27, item 4): one insert that either adds the id or
 * finds it there, atomic across instances and workers (`on conflict do nothing`), where a list in
 * each process let a token work once per worker. The same statement purges the ids whose tokens
 * expired long enough ago, so the table holds about a minute of downloads.
 */
export function databaseSpentTokens(database: Database): SpentTokens {
  return {
    async spend(jti, expiresAt) {
      const rows = await database.query<{ jti: string }>(sql`
        with purged as (
          delete from sense.tokenusado where expira < now() - ${SPENT_GRACE}::interval
        )
        insert into sense.tokenusado (jti, expira) values (${jti}, to_timestamp(${expiresAt}))
        on conflict (jti) do nothing
        returning jti`);
      return rows.length === 1;
    },
  };
}

/** A verified download token, not yet used: `spend` it when the work it pays for starts. */
export interface DownloadTokenClaims {
  userId: number;
  rol: Rol;
  jti: string;
  expiresAt: number;
}

/** The claims of a valid, unexpired download token for `report`; rejects otherwise. Does not use it up. */
export async function readDownloadToken(token: string, report: DownloadableReport, secret: Uint8Array): Promise<DownloadTokenClaims> {
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
  // What the CSV may show depends on the role; a token without one is read as the lesser.
  return { userId, rol: payload['rol'] === 'admin' ? 'admin' : 'user', jti: payload.jti!, expiresAt: payload.exp! };
}

/** Rejects when the token was used already (here or by another instance); uses it up otherwise. */
export async function spendDownloadToken(claims: DownloadTokenClaims, spent: SpentTokens): Promise<void> {
  if (!(await spent.spend(claims.jti, claims.expiresAt))) throw new Error('download token already used');
}
