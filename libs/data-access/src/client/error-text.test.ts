import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage, isNetworkFailure } from './error-text';

/** What the api client throws when fetch gets no answer (api-client.ts). */
const noAnswer = new ApiError(0, 'NETWORK', 'Failed to fetch', null);

describe('errorMessage', () => {
  it('a request with no answer is the network-failure text, never "Failed to fetch"', () => {
    expect(errorMessage(noAnswer)).toEqual({ key: 'errors.networkFailure' });
    // The browsers' own TypeErrors, and a lazy screen's chunk that did not load, too.
    expect(errorMessage(new TypeError('Failed to fetch'))).toEqual({ key: 'errors.networkFailure' });
    expect(errorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toEqual({ key: 'errors.networkFailure' });
    expect(errorMessage(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toEqual({ key: 'errors.networkFailure' });
  });

  it('an API answer is its code’s dictionary text, not the server’s Spanish message', () => {
    expect(errorMessage(ApiError.fromResponse(403, { error: { code: 'FORBIDDEN', message: 'Se requiere el rol admin' } }))).toEqual({ key: 'errors.forbidden' });
    expect(errorMessage(ApiError.fromResponse(429, { error: { code: 'RATE_LIMITED', message: 'Demasiadas lecturas' } }, '3'))).toEqual({ key: 'errors.rateLimited' });
    expect(errorMessage(ApiError.fromResponse(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }))).toEqual({ key: 'errors.databaseUnavailable' });
    expect(errorMessage(ApiError.fromResponse(502, '<html>Bad gateway</html>'))).toEqual({ key: 'errors.http', values: { code: 502 } });
  });

  it('anything else is the unexpected-error text, never the exception’s own', () => {
    expect(errorMessage(new Error('Cannot read properties of undefined (reading "x")'))).toEqual({ key: 'errors.unexpected' });
    expect(errorMessage('boom')).toEqual({ key: 'errors.unexpected' });
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
