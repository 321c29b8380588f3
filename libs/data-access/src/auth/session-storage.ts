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
