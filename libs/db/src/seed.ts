import type { Rol } from '@camposense/domain';
import { appDb } from './client';
import type { Database } from './client';
import { migrate } from './migrate';
import type { MigrateResult } from './migrate';
import { hashPassword } from './password';
import { usuario } from './schema/index';

/** The password of every demo user (README and DEVELOPERS.md quote it). */
export const DEMO_PASSWORD = 'Campo#Sense2026';

export interface DemoUser {
  login: string;
  firstname: string;
  lastname: string;
  usuarioabrev: string;
  rol: Rol;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Admin', usuarioabrev: 'AADMIN', rol: 'admin' },
  { login: 'operador@camposense.dev', firstname: 'Oscar', lastname: 'Operador', usuarioabrev: 'OOPER', rol: 'user' },
];

/** Creates the demo users that do not exist yet; answers the logins it created. */
export async function seedDemoUsers(database: Database): Promise<string[]> {
  const rows = await Promise.all(
    DEMO_USERS.map(async (user) => ({ ...user, password_hash: await hashPassword(DEMO_PASSWORD) })),
  );
  const created = await appDb(database)
    .insert(usuario)
    .values(rows)
    .onConflictDoNothing({ target: usuario.login })
    .returning({ login: usuario.login });
  return created.map((row) => row.login);
}

export interface PrepareOptions {
  /** Seed the demo users whatever the database. */
  demo?: boolean;
}

export interface PrepareResult extends MigrateResult {
  /** The demo users created by this call. */
  seeded: string[];
}

/**
 * Migrates, then seeds the demo users when asked to or when the database is a brand-new embedded
 * one: a first `npm start` can sign in, while a PostgreSQL server never gets demo users unasked.
 */
export async function prepareDatabase(database: Database, options: PrepareOptions = {}): Promise<PrepareResult> {
  const migration = await migrate(database);
  const seedDemo = options.demo === true || (database.kind === 'pglite' && migration.created);
  const seeded = seedDemo ? await seedDemoUsers(database) : [];
  return { ...migration, seeded };
}
