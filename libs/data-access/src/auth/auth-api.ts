import type { LoginResponse, Session } from '@camposense/domain';
import { apiRequest } from '../client/api-client';
import { ApiError } from '../client/api-error';

export type SignInResult =
  | { ok: true; response: Extract<LoginResponse, { success: true }> }
  | { ok: false; reason: 'rejected'; message: string | null }
  | { ok: false; reason: 'no-user' }
  /** Too many attempts: how long to wait, when the server said. */
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number | null }
  | { ok: false; reason: 'unexpected' };

/**
 * Signs in and sorts the outcome into the spec's error catalogue: the server's own text, a
 * missing user, or an unexpected failure (network, malformed answer).
 */
export async function signInRequest(email: string, password: string): Promise<SignInResult> {
  try {
    const response = await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: { email, password },
      anonymous: true,
    });
    if (!response || response.success !== true) {
      return { ok: false, reason: 'rejected', message: response && 'error' in response ? response.error : null };
    }
    if (!response.user || !response.session) return { ok: false, reason: 'no-user' };
    return { ok: true, response };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { ok: false, reason: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      const body = error.body as { error?: unknown } | null;
      const serverText = typeof body?.error === 'string' ? body.error : null;
      return { ok: false, reason: 'rejected', message: serverText };
    }
    return { ok: false, reason: 'unexpected' };
  }
}

export type RefreshResult =
  | { ok: true; session: Session }
  /** The server refused the refresh token (expired, revoked, reused) or the user: the session is over. */
  | { ok: false; reason: 'rejected' }
  /** No answer at all (no signal, timeout): the session may still be fine; try again later. */
  | { ok: false; reason: 'unreachable' }
  /** The server answered, with a failure or nonsense: try again later, but it is not offline. */
  | { ok: false; reason: 'failed' };

/**
 * Why a refresh failed. Only a request that got no answer at all (status 0: no signal, a timeout)
 * is `unreachable`, the one case in which the console may open offline with the last profile; a
 * 400, 401 or 403 is the server refusing the session and is never taken for "offline".
 */
export function refreshFailureReason(error: unknown): 'rejected' | 'unreachable' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 400 || error.status === 401 || error.status === 403) return 'rejected';
  return error.status === 0 ? 'unreachable' : 'failed';
}

/** A refresh holds the cross-tab lock: a server that never answers must not hold it for ever. */
export const REFRESH_TIMEOUT_MS = 15_000;

/**
 * Trades the refresh cookie for a new session. The cookie (httpOnly, path /api/auth) travels by
 * itself with a same-origin request; the body stays empty so the cookie is what counts.
 */
export async function refreshRequest(): Promise<RefreshResult> {
  try {
    const session = await apiRequest<Session>('/auth/refresh', {
      method: 'POST',
      body: {},
      anonymous: true,
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
    if (!session || typeof session.access_token !== 'string' || !session.user) return { ok: false, reason: 'failed' };
    return { ok: true, session };
  } catch (error) {
    return { ok: false, reason: refreshFailureReason(error) };
  }
}

/** Revokes the session on the server (cookie and bearer identify it); resolves to whether it answered. */
export async function logoutRequest(accessToken: string | null): Promise<boolean> {
  try {
    // Anonymous: a 401 here must not set off the client's refresh-and-retry.
    const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
    await apiRequest<null>('/auth/logout', { method: 'POST', body: {}, anonymous: true, headers });
    return true;
  } catch (error) {
    // 401 cannot come from logout itself; if a proxy says so, the session is gone anyway.
    return error instanceof ApiError && error.status === 401;
  }
}
