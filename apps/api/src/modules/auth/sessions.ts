import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { appDb, sesion } from '@camposense/db';
import type { Database } from '@camposense/db';
import { REFRESH_TOKEN_MAX_LENGTH } from '@camposense/domain';
import { createRefreshToken, hashRefreshToken } from './tokens';

/** A refresh token works for a week after it was issued; each refresh issues a new one. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A used refresh token presented again within this many seconds of its use answers the same
 * successor instead of revoking the session: tabs, retries and parallel requests of one client
 * present one token at once (issue 10, item 6). Later, reuse still means theft.
 */
export const REFRESH_GRACE_SECONDS = 10;


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
 * The successor of a refresh token: an HMAC of the token under a server key. Derived, not drawn,
 * so that a request presenting the same token within the grace window can be answered the same
 * successor without the server ever storing a token (only hashes). Without the key, and the
 * token's 256 random bits, nobody can compute it.
 */
export function successorToken(refreshToken: string, successorKey: Uint8Array): string {
  return createHmac('sha256', successorKey).update(refreshToken, 'utf8').digest('base64url');
}

/**
 * Spends `refreshToken` and issues its successor in the same session, in one transaction: the
 * spend is a conditional UPDATE (two racing requests cannot both spend), and a request that lost
 * the race sees the successor as soon as it sees the spend. A token presented again within
 * REFRESH_GRACE_SECONDS of its spend answers that same successor while it is unused. Any other
 * reuse means two parties hold the token — the user and a thief, and we cannot tell which is
 * which — so the whole session is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
export async function rotateRefreshToken(
  database: Database,
  refreshToken: string,
  client: ClientInfo,
  successorKey: Uint8Array,
  now = new Date(),
): Promise<RotateOutcome> {
  if (refreshToken.length === 0 || refreshToken.length > REFRESH_TOKEN_MAX_LENGTH) return { ok: false, reason: 'unknown' };
  const db = appDb(database);
  const tokenHash = hashRefreshToken(refreshToken);
  const successor = successorToken(refreshToken, successorKey);
  const spent = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sesion)
      .set({ used_at: now })
      .where(
        and(eq(sesion.token_hash, tokenHash), isNull(sesion.used_at), isNull(sesion.revoked_at), gt(sesion.expires_at, now)),
      )
      .returning({ sesionid: sesion.sesionid, familia: sesion.familia, usuarioid: sesion.usuarioid });
    if (!row) return undefined;
    await tx.insert(sesion).values({
      usuarioid: row.usuarioid,
      familia: row.familia,
      padreid: row.sesionid,
      token_hash: hashRefreshToken(successor),
      datecreated: now,
      expires_at: expiryFrom(now),
      user_agent: clip(client.userAgent, 512),
      ip: clip(client.ip, 64),
    });
    return row;
  });
  if (spent) return { ok: true, refreshToken: successor, sessionId: spent.familia, usuarioid: spent.usuarioid };

  const [row] = await db.select().from(sesion).where(eq(sesion.token_hash, tokenHash)).limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    const withinGrace = now.getTime() - row.used_at.getTime() <= REFRESH_GRACE_SECONDS * 1000;
    if (withinGrace) {
      const [child] = await db
        .select({ sesionid: sesion.sesionid })
        .from(sesion)
        .where(
          and(
            eq(sesion.padreid, row.sesionid),
            eq(sesion.token_hash, hashRefreshToken(successor)),
            isNull(sesion.used_at),
            isNull(sesion.revoked_at),
            gt(sesion.expires_at, now),
          ),
        )
        .limit(1);
      if (child) return { ok: true, refreshToken: successor, sessionId: row.familia, usuarioid: row.usuarioid };
    }
    await revokeSession(database, row.familia, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}
