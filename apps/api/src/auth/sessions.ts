import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { appDb, sesion } from '@camposense/db';
import type { Database } from '@camposense/db';
import { createRefreshToken, hashRefreshToken } from './tokens';

/** A refresh token works for a week after it was issued; each refresh issues a new one. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Tokens are 43 base64url characters; anything much longer is not one of ours. */
export const REFRESH_TOKEN_MAX_LENGTH = 256;

/** Where a sign-in or refresh came from, kept for the user's own review; optional. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface IssuedRefreshToken {
  /** The token itself: answered once, never stored. */
  refreshToken: string;
  /** The session family id (the access token's `sid`). */
  sessionId: string;
  usuarioid: number;
}

export type RotateOutcome =
  | ({ ok: true } & IssuedRefreshToken)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const clip = (value: string | undefined, length: number) => (value ? value.slice(0, length) : null);

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}

async function insertToken(
  database: Database,
  usuarioid: number,
  sessionId: string,
  parentId: number | null,
  client: ClientInfo,
  now: Date,
): Promise<IssuedRefreshToken> {
  const refreshToken = createRefreshToken();
  await appDb(database)
    .insert(sesion)
    .values({
      usuarioid,
      familia: sessionId,
      padreid: parentId,
      token_hash: hashRefreshToken(refreshToken),
      datecreated: now,
      expires_at: expiryFrom(now),
      user_agent: clip(client.userAgent, 512),
      ip: clip(client.ip, 64),
    });
  return { refreshToken, sessionId, usuarioid };
}

/** A new session at sign-in; drops the user's long-dead tokens on the way (the table stays small). */
export async function startSession(
  database: Database,
  usuarioid: number,
  client: ClientInfo,
  now = new Date(),
): Promise<IssuedRefreshToken> {
  await appDb(database)
    .delete(sesion)
    .where(and(eq(sesion.usuarioid, usuarioid), lt(sesion.expires_at, now)));
  return insertToken(database, usuarioid, randomUUID(), null, client, now);
}

/** Revokes every token of a session; answers how many were still live. */
export async function revokeSession(database: Database, sessionId: string, now = new Date()): Promise<number> {
  const revoked = await appDb(database)
    .update(sesion)
    .set({ revoked_at: now })
    .where(and(eq(sesion.familia, sessionId), isNull(sesion.revoked_at)))
    .returning({ sesionid: sesion.sesionid });
  return revoked.length;
}

/** The session a refresh token belongs to (used or not), for logout. */
export async function sessionOfToken(database: Database, refreshToken: string): Promise<string | undefined> {
  if (refreshToken.length > REFRESH_TOKEN_MAX_LENGTH) return undefined;
  const rows = await appDb(database)
    .select({ familia: sesion.familia })
    .from(sesion)
    .where(eq(sesion.token_hash, hashRefreshToken(refreshToken)))
    .limit(1);
  return rows[0]?.familia;
}

/**
 * Spends `refreshToken` and issues its successor in the same session. The spend is one
 * conditional UPDATE, so two requests racing with the same token cannot both win. A token that
 * was already spent means two parties hold it — the user and a thief, and we cannot tell which
 * is which — so the whole session is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
export async function rotateRefreshToken(
  database: Database,
  refreshToken: string,
  client: ClientInfo,
  now = new Date(),
): Promise<RotateOutcome> {
  if (refreshToken.length === 0 || refreshToken.length > REFRESH_TOKEN_MAX_LENGTH) return { ok: false, reason: 'unknown' };
  const db = appDb(database);
  const tokenHash = hashRefreshToken(refreshToken);
  const [spent] = await db
    .update(sesion)
    .set({ used_at: now })
    .where(
      and(eq(sesion.token_hash, tokenHash), isNull(sesion.used_at), isNull(sesion.revoked_at), gt(sesion.expires_at, now)),
    )
    .returning({ sesionid: sesion.sesionid, familia: sesion.familia, usuarioid: sesion.usuarioid });
  if (spent) {
    const next = await insertToken(database, spent.usuarioid, spent.familia, spent.sesionid, client, now);
    return { ok: true, ...next };
  }

  const [row] = await db.select().from(sesion).where(eq(sesion.token_hash, tokenHash)).limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeSession(database, row.familia, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}
