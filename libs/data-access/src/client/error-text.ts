import { isNetworkFailure } from '@camposense/domain';
import type { ApiErrorCode } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';
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

/**
 * What to tell the reader of a failure, in their language and without the exception's own text:
 * a network failure says the server could not be reached (the screens offer a retry), an answer of
 * the API its code's dictionary text, anything else the unexpected-error text. The technical
 * detail goes to the browser's console (reportErrorDetail), never to the screen.
 */
export function errorText(error: unknown, t: Translate): string {
  if (isNetworkFailure(error)) return t('errors.networkFailure');
  if (isApiError(error)) {
    if (error.code === 'NETWORK') return t('errors.networkFailure');
    if (error.code === 'HTTP_ERROR') return t('errors.http', { code: error.status });
    return t(CODE_TEXT[error.code]);
  }
  return t('errors.unexpected');
}

/** The failure's technical text, for the browser's console only. */
export function reportErrorDetail(context: string, error: unknown): void {
  console.warn(`[CampoSense] ${context}:`, error);
}
