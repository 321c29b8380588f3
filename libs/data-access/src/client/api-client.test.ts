import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceAccessToken, announceSessionEnd, apiRequest, apiRequestVersioned, currentSessionUser, offerRenewedSession, setTokenSource, whenAccessToken } from './api-client';
import { ApiError } from './api-error';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource({ getAccessToken: () => null });
});

describe('apiRequest', () => {
  it('sends the bearer token and parses JSON', async () => {
    const fetchMock = vi.fn(async () => answer(200, [{ paisid: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource({ getAccessToken: () => 'token-1' });
    await expect(apiRequest('/sense/paises')).resolves.toEqual([{ paisid: 1 }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sense/paises');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('reads a row with its ETag and writes it back with If-Match', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? answer(412, { error: { code: 'PRECONDITION_FAILED', message: 'La fila cambió' } })
        : new Response(JSON.stringify({ umbralid: 7 }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"v1"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequestVersioned('/sense/umbral/7')).resolves.toEqual({ body: { umbralid: 7 }, etag: '"v1"' });
    const write = apiRequest('/sense/umbral/7', { method: 'PUT', body: { minimo: 1 }, ifMatch: '"v1"' });
    await expect(write).rejects.toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' });
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('If-Match')).toBe('"v1"');
    expect(Object.keys(init)).not.toContain('ifMatch');
  });

  it('turns the error shape into an ApiError with status, code, message and body', async () => {
    const body = { error: { code: 'NOT_FOUND', message: 'Tabla desconocida' } };
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, body)));
    const error = await apiRequest('/sense/nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Tabla desconocida', body });
  });

  it('uses the generic HTTP message when the body is not the error shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(502, '<html>bad gateway</html>')));
    const error = await apiRequest('/sense/paises').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: 'HTTP error! status: 502', body: '<html>bad gateway</html>' });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    let token = 'old';
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      new Headers(init.headers).get('Authorization') === 'Bearer new' ? answer(200, { ok: true }) : answer(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    setTokenSource({ getAccessToken: () => token, refresh });
    await expect(apiRequest('/auth/me')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not loop when the refresh fails', async () => {
    const fetchMock = vi.fn(async () => answer(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource({ getAccessToken: () => 'old', refresh: async () => false });
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/sense/paises')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('whenAccessToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when a token is held', () => {
    setTokenSource({ getAccessToken: () => 'token-1' });
    const work = vi.fn();
    whenAccessToken(work, 1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the session layer to adopt a token, and runs once', () => {
    const work = vi.fn();
    whenAccessToken(work, 1000);
    expect(work).not.toHaveBeenCalled();
    announceAccessToken();
    announceAccessToken();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('drops the work when no token comes in time', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenAccessToken(work, 1000);
    vi.advanceTimersByTime(1001);
    announceAccessToken();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('offerRenewedSession (a reload renewed the session before the session layer started)', () => {
  const renewed = { id: 4, email: 'u4@camposense.dev', user_metadata: { firstname: null, lastname: null, rol: 'user' as const } };

  afterEach(() => {
    vi.unstubAllGlobals();
    announceSessionEnd();
  });

  it('lets waiting reads go with its token and user, until the session layer adopts its own or the session ends', async () => {
    setTokenSource({ getAccessToken: () => null });
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const work = vi.fn();
    whenAccessToken(work, 1000);
    offerRenewedSession('renewed-token', renewed);
    expect(work).toHaveBeenCalledTimes(1);
    expect(currentSessionUser()).toEqual(renewed);
    await apiRequest('/sense/paises');
    expect(new Headers(fetch.mock.calls.at(-1)![1]?.headers).get('Authorization')).toBe('Bearer renewed-token');

    // The session layer's own token wins once it has one.
    setTokenSource({ getAccessToken: () => 'adopted-token', getSessionUser: () => renewed });
    announceAccessToken();
    await apiRequest('/sense/paises');
    expect(new Headers(fetch.mock.calls.at(-1)![1]?.headers).get('Authorization')).toBe('Bearer adopted-token');

    offerRenewedSession('renewed-again', renewed);
    setTokenSource({ getAccessToken: () => null });
    announceSessionEnd();
    expect(currentSessionUser()).toBeNull();
    await apiRequest('/sense/paises');
    expect(new Headers(fetch.mock.calls.at(-1)![1]?.headers).get('Authorization')).toBeNull();
  });
});
