import { ApiError, errorMessage } from '@camposense/data-access';
import { createI18n } from '@camposense/i18n/full';
import { describe, expect, it } from 'vitest';

/** The texts errorMessage picks, as a screen of this library shows them (report-frame's toast). */
const say = (language: 'es' | 'en', error: unknown) => {
  const i18n = createI18n({ language, detect: false });
  const { key, values } = errorMessage(error);
  return i18n.t(key, values);
};

describe('a failure told in the reader’s language', () => {
  it('a request with no answer says the server could not be reached, in es and en', () => {
    const noAnswer = new ApiError(0, 'NETWORK', 'Failed to fetch', null);
    expect(say('es', noAnswer)).toBe('No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.');
    expect(say('en', noAnswer)).toBe('Could not connect to the server. Check your connection and try again.');
  });

  it('an API answer says its code’s text, an answer that is no API error its status, anything else the unexpected text', () => {
    const refused = ApiError.fromResponse(403, { error: { code: 'FORBIDDEN', message: 'Se requiere el rol admin' } });
    expect(say('es', refused)).toBe('Acceso denegado');
    expect(say('en', refused)).toBe('Access denied');
    expect(say('en', ApiError.fromResponse(429, { error: { code: 'RATE_LIMITED', message: 'x' } }, '3'))).toBe('Too many requests. Wait a moment and try again.');
    expect(say('es', ApiError.fromResponse(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }))).toBe(
      'La base de datos no está disponible por ahora. Inténtalo de nuevo en un momento.',
    );
    expect(say('es', ApiError.fromResponse(502, '<html>Bad gateway</html>'))).toBe('HTTP error! status: 502');
    expect(say('es', new Error('Cannot read properties of undefined'))).toBe('Ha ocurrido un error inesperado');
    expect(say('en', 'boom')).toBe('An unexpected error occurred');
  });
});
