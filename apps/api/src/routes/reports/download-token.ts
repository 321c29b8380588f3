import { jwtVerify, SignJWT } from 'jose';

/*
 * A CSV download is a plain link the browser follows, so its bytes stream from the server straight
 * to the download manager instead of piling up in page memory as a Blob. A link cannot carry the
 * Authorization header; it carries this token instead: HS256 with the server's key, an audience of
 * its own (an access token is no download token and a download token is no access token), one
 * report, one user, one minute.
 */

export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'camposense';
const AUDIENCE = 'camposense-report-download';
const ALGORITHM = 'HS256';

export type DownloadableReport = 'alertas' | 'mensajes';

export async function signDownloadToken(
  userId: number,
  report: DownloadableReport,
  secret: Uint8Array,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + DOWNLOAD_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ report })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

/** Resolves when `token` is a valid, unexpired download token for `report`; rejects otherwise. */
export async function verifyDownloadToken(token: string, report: DownloadableReport, secret: Uint8Array): Promise<number> {
  const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
  const userId = Number(payload.sub);
  if (payload['report'] !== report || !Number.isSafeInteger(userId) || userId <= 0) {
    throw new Error('download token for another report');
  }
  return userId;
}
