import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDetectCache } from './detect';
import { senseListFetcher } from './sense-fetcher';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetDetectCache();
});

describe('sense lists and the detect call', () => {
  it('asks detect once and then reads the lists', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.endsWith('/detect') ? json({ available: true }) : json([{ paisid: 1 }])));
    vi.stubGlobal('fetch', fetchMock);
    await expect(senseListFetcher('/sense/paises')).resolves.toEqual([{ paisid: 1 }]);
    await expect(senseListFetcher('/sense/empresas?paisId=1')).resolves.toEqual([{ paisid: 1 }]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/detect'))).toHaveLength(1);
  });

  it('falls back to empty lists when the schema is not offered', async () => {
    const fetchMock = vi.fn(async () => json({ available: false, error: 'no sense' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(senseListFetcher('/sense/paises')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('falls back to empty lists when detect fails, and asks again next time', async () => {
    const fetchMock = vi.fn(async () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500));
    vi.stubGlobal('fetch', fetchMock);
    await expect(senseListFetcher('/sense/paises')).resolves.toEqual([]);
    await expect(senseListFetcher('/sense/paises')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
