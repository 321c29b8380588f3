import type { LoginSuccess, Session, SessionUser } from '@camposense/domain';

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
