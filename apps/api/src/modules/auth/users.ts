import { eq } from 'drizzle-orm';
import { appDb, STATUS_ACTIVE, usuario } from '@camposense/db';
import type { Database, UsuarioRow } from '@camposense/db';
import type { SessionUser } from '@camposense/domain';

/** Logins are stored lower-case; e-mails are matched case-insensitively. */
export function normaliseLogin(email: string): string {
  return email.trim().toLowerCase();
}

export function toSessionUser(row: Pick<UsuarioRow, 'usuarioid' | 'login' | 'firstname' | 'lastname' | 'rol'>): SessionUser {
  return {
    id: row.usuarioid,
    email: row.login,
    user_metadata: { firstname: row.firstname, lastname: row.lastname, rol: row.rol },
  };
}

export async function findUserByLogin(database: Database, email: string): Promise<UsuarioRow | undefined> {
  const rows = await appDb(database).select().from(usuario).where(eq(usuario.login, normaliseLogin(email))).limit(1);
  return rows[0];
}

export async function findActiveUserById(database: Database, id: number): Promise<UsuarioRow | undefined> {
  const rows = await appDb(database).select().from(usuario).where(eq(usuario.usuarioid, id)).limit(1);
  const row = rows[0];
  return row && row.statusid === STATUS_ACTIVE ? row : undefined;
}
