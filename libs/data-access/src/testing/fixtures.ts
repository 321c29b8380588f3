import type { IngestKey, LoginSuccess, Session, SessionUser } from '@camposense/domain';

/** A fixed clock for stories and tests: every fixture date is relative to it. */
export const FIXTURE_NOW = new Date('2026-11-21T15:30:00Z');

export const adminUser: SessionUser = {
  id: 1,
  email: 'admin@camposense.dev',
  user_metadata: { firstname: 'Ana', lastname: 'Quispe', rol: 'admin' },
};

export const operatorUser: SessionUser = {
  id: 2,
  email: 'operador@camposense.dev',
  user_metadata: { firstname: 'Luis', lastname: 'Huamán', rol: 'user' },
};

export function sessionFor(user: SessionUser, now: Date = FIXTURE_NOW): Session {
  const expiresIn = 900;
  return {
    access_token: 'fixture-access-token',
    refresh_token: 'fixture-refresh-token',
    expires_in: expiresIn,
    expires_at: Math.floor(now.getTime() / 1000) + expiresIn,
    user,
  };
}

export function loginSuccess(user: SessionUser = adminUser): LoginSuccess {
  return { success: true, user, session: sessionFor(user) };
}

/** Two gateways' keys, one revoked, as GET /api/ingest/keys lists them. */
export const ingestKeysFixture: IngestKey[] = [
  { claveingestaid: 2, nombre: 'Gateway Fundo San José', prefijo: 'csk_3fJa', statusid: 1, datecreated: '2026-11-02T14:05:00.000Z', ultimouso: '2026-11-21T10:15:00.000Z' },
  { claveingestaid: 1, nombre: 'Gateway piloto', prefijo: 'csk_bW2n', statusid: 0, datecreated: '2026-10-01T09:00:00.000Z', ultimouso: '2026-10-30T18:45:00.000Z' },
];
