/** Every code of api.md's error table. */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'DUPLICATE',
  'FOREIGN_KEY',
  'CONSTRAINT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorDetail {
  field: string;
  rule: string;
  limit?: number | string;
  message?: string;
}

/** The body of every non-2xx answer of the API. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    details?: ApiErrorDetail[];
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** A fetch (or a lazy chunk's import) that got no answer: the browsers' own words for it. */
const NO_ANSWER = /failed to fetch|networkerror|network error|load failed|network request failed|dynamically imported module|importing a module script failed/i;

/**
 * Whether a failure is a request that got no answer at all (the console's ApiError with code
 * NETWORK, or a browser's own TypeError), not the server saying no and not an abort of our own.
 * Screens say "could not connect" for these, with a retry, never the exception's text.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (name === 'ApiError') return code === 'NETWORK' && !/abort/i.test(text);
  return error instanceof Error && NO_ANSWER.test(text);
}
