import { isNetworkFailure } from '@camposense/domain';
import type { ApiErrorCode } from '@camposense/domain';
import { isApiError } from './api-error';

/** The dictionary's text of each code the API answers with (libs/domain errors.ts). */
const CODE_TEXT = {
  BAD_REQUEST: 'errors.badRequest',
  VALIDATION: 'errors.validation',
  UNAUTHORIZED: 'errors.unauthorized',
  FORBIDDEN: 'errors.forbidden',
  NOT_FOUND: 'errors.notFound',
  DUPLICATE: 'errors.duplicate',
  FOREIGN_KEY: 'errors.foreignKey',
  CONSTRAINT: 'errors.constraint',
  PRECONDITION_FAILED: 'errors.preconditionFailed',
  PAYLOAD_TOO_LARGE: 'errors.payloadTooLarge',
  RATE_LIMITED: 'errors.rateLimited',
  INTERNAL: 'errors.internal',
  DATABASE_UNAVAILABLE: 'errors.databaseUnavailable',
} as const satisfies Record<ApiErrorCode, string>;

export { isNetworkFailure };

/** A dictionary key of a failure's text; data-access knows no dictionary, so callers translate it. */
export type ErrorTextKey = (typeof CODE_TEXT)[ApiErrorCode] | 'errors.networkFailure' | 'errors.http' | 'errors.unexpected';

/** Which text tells the reader of a failure, with its values: `t(message.key, message.values)`. */
export interface ErrorMessage {
  key: ErrorTextKey;
  values?: { code: number };
}

/**
 * What to tell the reader of a failure, in their language and without the exception's own text:
 * a network failure says the server could not be reached (the screens offer a retry), an answer of
 * the API its code's dictionary text, anything else the unexpected-error text. The technical
 * detail goes to the browser's console (reportErrorDetail), never to the screen.
 */
export function errorMessage(error: unknown): ErrorMessage {
  if (isNetworkFailure(error)) return { key: 'errors.networkFailure' };
  if (isApiError(error)) {
    if (error.code === 'NETWORK') return { key: 'errors.networkFailure' };
    if (error.code === 'HTTP_ERROR') return { key: 'errors.http', values: { code: error.status } };
    return { key: CODE_TEXT[error.code] };
  }
  return { key: 'errors.unexpected' };
}

/** The failure's technical text, for the browser's console only. */
export function reportErrorDetail(context: string, error: unknown): void {
  console.warn(`[CampoSense] ${context}:`, error);
}
