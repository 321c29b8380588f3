import { createI18n } from '@camposense/i18n/full';
import type { Translate } from '@camposense/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText, isNetworkFailure } from './error-text';

const translator = (language: 'es' | 'en') => {
  const i18n = createI18n({ language, detect: false });
  return i18n.t.bind(i18n) as Translate;
};
const es = translator('es');
const en = translator('en');
/** What the api client throws when fetch gets no answer (api-client.ts). */
const noAnswer = new ApiError(0, 'NETWORK', 'Failed to fetch', null);

describe('errorText', () => {
  it('a request with no answer says the server could not be reached, in the reader’s language, never "Failed to fetch"', () => {
    expect(errorText(noAnswer, es)).toBe('No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.');
    expect(errorText(noAnswer, en)).toBe('Could not connect to the server. Check your connection and try again.');
    // The browsers' own TypeErrors, and a lazy screen's chunk that did not load, too.
    expect(errorText(new TypeError('Failed to fetch'), es)).toBe(errorText(noAnswer, es));
    expect(errorText(new TypeError('NetworkError when attempting to fetch resource.'), en)).toBe(errorText(noAnswer, en));
    expect(errorText(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), es)).toBe(errorText(noAnswer, es));
  });

  it('an API answer says its code’s dictionary text, not the server’s Spanish message, in English too', () => {
    const refused = ApiError.fromResponse(403, { error: { code: 'FORBIDDEN', message: 'Se requiere el rol admin' } });
    expect(errorText(refused, es)).toBe('Acceso denegado');
    expect(errorText(refused, en)).toBe('Access denied');
    const limited = ApiError.fromResponse(429, { error: { code: 'RATE_LIMITED', message: 'Demasiadas lecturas' } }, '3');
    expect(errorText(limited, en)).toBe('Too many requests. Wait a moment and try again.');
    expect(errorText(ApiError.fromResponse(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }), es)).toBe(
      'La base de datos no está disponible por ahora. Inténtalo de nuevo en un momento.',
    );
    expect(errorText(ApiError.fromResponse(502, '<html>Bad gateway</html>'), es)).toBe('HTTP error! status: 502');
  });

  it('anything else is the unexpected-error text, never the exception’s own', () => {
    expect(errorText(new Error('Cannot read properties of undefined (reading "x")'), es)).toBe('Ha ocurrido un error inesperado');
    expect(errorText('boom', en)).toBe('An unexpected error occurred');
  });
});

describe('isNetworkFailure', () => {
  it('is a request with no answer, not the server saying no, not our own abort', () => {
    expect(isNetworkFailure(noAnswer)).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkFailure(new ApiError(0, 'NETWORK', 'signal is aborted without reason', null))).toBe(false);
    expect(isNetworkFailure(ApiError.fromResponse(500, { error: { code: 'INTERNAL', message: 'x' } }))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
