import { isApiErrorBody, type ApiErrorCode } from '@camposense/domain';

/** Every non-OK answer of the API, normalised once. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'HTTP_ERROR' | 'NETWORK',
    message: string,
    readonly body: unknown,
    /** From a 429's or 503's Retry-After header (seconds), when it gave one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** Builds the error from an answer's status, parsed body (JSON, else text, else nothing) and Retry-After. */
  static fromResponse(status: number, body: unknown, retryAfter: string | null = null): ApiError {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    if (isApiErrorBody(body)) return new ApiError(status, body.error.code, body.error.message, body, seconds);
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
      // The login answers { success: false, error } (api.md).
      return new ApiError(status, 'HTTP_ERROR', (body as { error: string }).error, body, seconds);
    }
    return new ApiError(status, 'HTTP_ERROR', `HTTP error! status: ${status}`, body, seconds);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
