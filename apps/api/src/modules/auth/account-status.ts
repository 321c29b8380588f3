import type { Database } from '@camposense/db';
import { STATUS_ACTIVE } from '@camposense/db';
import type { AccessLevel, Rol } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { unauthorized } from '../../errors/api-error';
import { ACCOUNT_GONE, SESSION_CLOSED } from '../../security/require-role';
import type { AccessClaims } from './tokens';

/** What the database says now about the bearer of an access token. */
export interface AccountStanding {
  /** The user row exists and is active. */
  active: boolean;
  /** The role the row holds now (null when the user is gone). */
  rol: Rol | null;
  /** The token's session is still open (not logged out, not revoked by a role, status or password change). */
  sessionOpen: boolean;
  /** The companies the user is granted (issue 32), by id, with their level; an admin's are ignored (they see every one). */
  grants: ReadonlyMap<number, AccessLevel>;
}

/**
 * How long a standing (and the grants it carries) is trusted without asking the database again.
 * Changes made through this process invalidate at once (a user's row, sessions or grants, see
 * AccountStatus.invalidate); the lifetime only bounds changes made elsewhere (bare SQL, another
 * worker of the cluster or another API instance): a grant revoked there stops reading here within
 * 2 s, and the read cache keyed by the grant (read-cache.ts, 2 s by default) adds at most as much.
 */
export const STANDING_TTL_MS = 2_000;

/** Keys of a cache that an attacker could grow (one per session): bounded, least recently used out. */
const MAX_ENTRIES = 10_000;

/**
 * Every write asks whether its bearer still exists, is active, holds the token's role and keeps
 * its session open (issue 10, item 4): an access token outlives a demotion by up to 15 minutes,
 * and must not carry its old rights through them. One primary-key read per (user, session), kept
 * for STANDING_TTL_MS and dropped whenever this process changes the user or their sessions.
 */
export class AccountStatus {
  private readonly cache = new Map<string, { standing: AccountStanding; until: number; userId: number }>();

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async standing(claims: AccessClaims): Promise<AccountStanding> {
    const key = `${claims.id}:${claims.sessionId ?? ''}`;
    const cached = this.cache.get(key);
    const now = this.now();
    if (cached && cached.until > now) return cached.standing;
    const standing = await this.read(claims);
    this.cache.delete(key);
    this.cache.set(key, { standing, until: now + STANDING_TTL_MS, userId: claims.id });
    while (this.cache.size > MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return standing;
  }

  /** The user's row, role, status, sessions or grants changed: forget what we knew of them. */
  invalidate(userId: number): void {
    for (const [key, entry] of this.cache) if (entry.userId === userId) this.cache.delete(key);
  }

  /** The session was logged out or revoked. */
  invalidateSession(sessionId: string): void {
    for (const key of this.cache.keys()) if (key.endsWith(`:${sessionId}`)) this.cache.delete(key);
  }

  private async read(claims: AccessClaims): Promise<AccountStanding> {
    // The grants come in the same primary-key read, as two parallel arrays (no JSON to parse).
    const rows = await this.database.query<{ rol: Rol; statusid: number; session_open: boolean; empresas: number[]; niveles: AccessLevel[] }>(sql`
      select u.rol, u.statusid,
             exists (select 1 from sense.sesion s
                      where s.familia = ${claims.sessionId ?? ''} and s.usuarioid = u.usuarioid and s.revoked_at is null) as session_open,
             array(select g.empresaid from sense.usuarioempresa g where g.usuarioid = u.usuarioid and g.statusid = 1 order by g.empresaid)::int[] as empresas,
             array(select g.nivel from sense.usuarioempresa g where g.usuarioid = u.usuarioid and g.statusid = 1 order by g.empresaid)::text[] as niveles
        from sense.usuario u
       where u.usuarioid = ${claims.id}`);
    const row = rows[0];
    if (!row) return { active: false, rol: null, sessionOpen: false, grants: new Map() };
    const grants = new Map(row.empresas.map((empresaid, index) => [Number(empresaid), row.niveles[index]!]));
    return { active: row.statusid === STATUS_ACTIVE, rol: row.rol, sessionOpen: row.session_open === true, grants };
  }
}

/**
 * Inside a write's transaction, before it changes anything: the bearer's row as the database holds
 * it now, active and with the token's session open, else 401. The row stays share-locked until the
 * write commits, so a deactivation, deletion or sign-out running at the same moment waits for the
 * write or is seen by it, and the account cache's few seconds (STANDING_TTL_MS, or another
 * instance's cache) cannot let a gone account through. Answers the live account's id: the one a
 * write is recorded against (issue 27, item 2: who acknowledged is always the live account).
 */
export async function lockLiveAccount(tx: { execute(statement: SQL): Promise<unknown> }, claims: AccessClaims): Promise<number> {
  const result = (await tx.execute(sql`
    select u.usuarioid, u.statusid,
           exists (select 1 from sense.sesion s
                    where s.familia = ${claims.sessionId ?? ''} and s.usuarioid = u.usuarioid and s.revoked_at is null) as session_open
      from sense.usuario u
     where u.usuarioid = ${claims.id}
       for share of u`)) as { rows: Array<{ usuarioid: number; statusid: number; session_open: boolean }> };
  const row = result.rows[0];
  if (!row || row.statusid !== STATUS_ACTIVE) throw unauthorized(ACCOUNT_GONE);
  if (row.session_open !== true) throw unauthorized(SESSION_CLOSED);
  return row.usuarioid;
}
