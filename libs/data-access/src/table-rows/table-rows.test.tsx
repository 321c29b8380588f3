import { renderHook, waitFor } from '@testing-library/react';
import type { LabelPage } from '@camposense/domain';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadTableCsv, useReferenceLabels, useReferenceLabelSets } from './table-rows';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useReferenceLabels', () => {
  it('names every id of a page with one request, ids deduplicated and sorted', async () => {
    const page: LabelPage = { data: [{ id: 3, label: 'Agro Sur' }, { id: 9, label: 'Fundo Norte' }], pagination: { page: 1, pageSize: 100, total: 2, totalPages: 1 } };
    const fetchMock = vi.fn(async () => json(page));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useReferenceLabels('empresa', [9, 3, null, 9, 'x', 3]), { wrapper });
    await waitFor(() => expect(result.current.labels.get(3)).toBe('Agro Sur'));
    expect(result.current.labels.get(9)).toBe('Fundo Norte');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/sense/empresa/labels?ids=3%2C9&pageSize=100');
  });

  it('asks nothing without ids or table', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderHook(() => useReferenceLabels('empresa', [null, undefined]), { wrapper });
    renderHook(() => useReferenceLabels(null, [1]), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useReferenceLabelSets', () => {
  it('asks each referenced table once for the ids of the page, and a refused table stays unnamed', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/sense/correo/')
        ? new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'no' } }), { status: 403, headers: { 'Content-Type': 'application/json' } })
        : json({ data: [{ id: 1, label: 'Ana Quispe' }], pagination: { page: 1, pageSize: 100, total: 1, totalPages: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useReferenceLabelSets({ usuario: [1, 1, null], correo: [4] }), { wrapper });
    await waitFor(() => expect(result.current.labels.get('usuario')?.get(1)).toBe('Ana Quispe'));
    expect(result.current.labels.get('correo')?.size).toBe(0);
    const urls = (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url).sort();
    expect(urls).toEqual(['/api/sense/correo/labels?ids=4&pageSize=100', '/api/sense/usuario/labels?ids=1&pageSize=100']);
  });
});

describe('downloadTableCsv', () => {
  it('asks a one-use token for the table, then follows the CSV link with the search and sort', async () => {
    const fetchMock = vi.fn(async () => json({ token: 'tok-1', expiresAt: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    await downloadTableCsv('umbral', { search: 'sonda', sortBy: 'umbral', sortOrder: 'desc' });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/sense/reports/download-token?report=tabla%3Aumbral');
    expect(clicked).toEqual(['/api/sense/reports/tablas/umbral/csv?search=sonda&sortBy=umbral&sortOrder=desc&token=tok-1']);
  });
});
