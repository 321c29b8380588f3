import type { LoginResponse, MeResponse } from '@camposense/domain';
import { apiRequest } from '../client/api-client';
import { ApiError } from '../client/api-error';

export type SignInResult =
  | { ok: true; response: Extract<LoginResponse, { success: true }> }
  | { ok: false; reason: 'rejected'; message: string | null }
  | { ok: false; reason: 'no-user' }
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
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      const body = error.body as { error?: unknown } | null;
      const serverText = typeof body?.error === 'string' ? body.error : null;
      return { ok: false, reason: 'rejected', message: serverText };
    }
    return { ok: false, reason: 'unexpected' };
  }
}

export function fetchMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/auth/me');
}
