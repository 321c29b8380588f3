import { isApiErrorBody, type ApiErrorCode } from '@camposense/domain';

/** Every non-OK answer of the API, normalised once. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'HTTP_ERROR' | 'NETWORK',
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** Builds the error from an answer's status and parsed body (JSON, else text, else nothing). */
  static fromResponse(status: number, body: unknown): ApiError {
    if (isApiErrorBody(body)) return new ApiError(status, body.error.code, body.error.message, body);
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
      // The login answers { success: false, error } (api.md).
      return new ApiError(status, 'HTTP_ERROR', (body as { error: string }).error, body);
    }
    return new ApiError(status, 'HTTP_ERROR', `HTTP error! status: ${status}`, body);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
