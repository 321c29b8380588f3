import type { Session } from '@camposense/domain';

export const SESSION_STORAGE_KEY = 'camposense.session';
/** The spec keeps the e-mail of the last successful sign-in. */
export const EMAIL_STORAGE_KEY = 'email';

export function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    return typeof parsed?.access_token === 'string' && typeof parsed?.user?.email === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function storeSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be refused; the session then lasts only this page.
  }
}

export function readStoredEmail(): string {
  try {
    return localStorage.getItem(EMAIL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeEmail(email: string): void {
  try {
    localStorage.setItem(EMAIL_STORAGE_KEY, email);
  } catch {
    // See storeSession.
  }
}
