import type { SessionUser } from '@camposense/domain';

/**
 * What the browser keeps of a session between page loads. No token: the access token lives in
 * memory only and the refresh token in an httpOnly cookie that scripts cannot read
 * (docs/security.md). This key only says "a session was open here", so a reload knows it is worth
 * asking the cookie for a new access token, and other tabs learn of a sign-out through the
 * storage event even without BroadcastChannel.
 */
export const SESSION_STORAGE_KEY = 'camposense.session';
const SIGNED_IN_MARKER = '1';
/** The spec keeps the e-mail of the last successful sign-in. */
export const EMAIL_STORAGE_KEY = 'email';

/**
 * Whether a session may be open. Any value counts: earlier versions stored the whole session
 * (tokens included) under this key; it is replaced by the bare marker on the next write.
 */
export function hasSessionMarker(): boolean {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    // Storage refused (privacy mode): try the cookie anyway.
    return true;
  }
}

export function storeSessionMarker(open: boolean): void {
  try {
    if (open) localStorage.setItem(SESSION_STORAGE_KEY, SIGNED_IN_MARKER);
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be refused; reloads then always ask the cookie.
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
    // See storeSessionMarker.
  }
}

/**
 * Who was signed in here last (issue 30, item 2): the profile the sign-in and every refresh
 * answered, never a token. A reload without signal cannot ask the refresh cookie, so the console
 * opens with this profile and the answers the service worker kept; the server decides again as
 * soon as it answers (a 401 or 403 ends the session).
 */
export const PROFILE_STORAGE_KEY = 'camposense.profile';

export function storeProfile(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    // See storeSessionMarker: without storage a reload without signal shows the login.
  }
}

export function readStoredProfile(): SessionUser | null {
  try {
    const stored = localStorage.getItem(PROFILE_STORAGE_KEY);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    const candidate = parsed as Partial<SessionUser> | null;
    return candidate && typeof candidate.id === 'number' && typeof candidate.email === 'string' ? (candidate as SessionUser) : null;
  } catch {
    return null;
  }
}
