import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { LabelPage } from '@camposense/domain';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreateRowMutation } from './create-row-mutation';
import { downloadTableCsv } from './download-table-csv';
import { useRevalidateTable } from './invalidate';
import { useLabelSearch, useReferenceLabels, useReferenceLabelSets } from './labels-query';
import { useUpdateRowMutation } from './update-row-mutation';

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

  it("carries the view's scope, parent filters and display zone to the CSV link", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ token: 'tok-2', expiresAt: 1 })));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    await downloadTableCsv('nodo', { scope: 'fundo:3', timeZone: 'America/Lima' });
    await downloadTableCsv('ubicacion', { filters: { fundoid: 3 }, timeZone: 'America/Santiago' });
    expect(clicked).toEqual([
      '/api/sense/reports/tablas/nodo/csv?tz=America%2FLima&scope=fundo%3A3&token=tok-2',
      '/api/sense/reports/tablas/ubicacion/csv?tz=America%2FSantiago&fundoid=3&token=tok-2',
    ]);
  });
});

describe('the table writes (useCreateRowMutation, useUpdateRowMutation)', () => {
  /** A company the API renames on PUT and a country list that grows on POST, as `/labels` answers them. */
  function labelsApi() {
    const companies = new Map([[3, 'Agro Sur']]);
    const countries = new Map([[1, 'Perú']]);
    const page = (rows: Map<number, string>): LabelPage => ({
      data: [...rows].map(([id, label]) => ({ id, label })),
      pagination: { page: 1, pageSize: 100, total: rows.size, totalPages: 1 },
    });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        companies.set(3, 'Agro Norte');
        return json({ empresaid: 3, empresa: 'Agro Norte' });
      }
      if (init?.method === 'POST') {
        countries.set(2, 'Chile');
        return json({ paisid: 2, pais: 'Chile' });
      }
      return json(page(url.startsWith('/api/sense/pais/') ? countries : companies));
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  /** What a farms status view names its companies by, and what a country select offers. */
  function FarmCompany() {
    const { labels } = useReferenceLabelSets({ empresa: [3] });
    return <p>{labels.get('empresa')?.get(3) ?? 'sin nombre'}</p>;
  }
  function CountryOptions() {
    const { data } = useLabelSearch('pais', { pageSize: 50 });
    return <p>{data ? data.data.map((option: { label: string }) => option.label).join(', ') : 'cargando'}</p>;
  }

  let writes: {
    updateEmpresa: ReturnType<typeof useUpdateRowMutation>;
    createPais: ReturnType<typeof useCreateRowMutation>;
    revalidateEmpresa: ReturnType<typeof useRevalidateTable>;
  } | null = null;
  function Writers() {
    writes = { updateEmpresa: useUpdateRowMutation('empresa'), createPais: useCreateRowMutation('pais'), revalidateEmpresa: useRevalidateTable('empresa') };
    return null;
  }

  /** One console: the cache outlives the screens, as the signed-in app's SWRConfig does. */
  function consoleWith(cache: Map<string, unknown>) {
    return function Console({ showing }: { showing: boolean }) {
      return (
        <SWRConfig value={{ provider: () => cache as never, revalidateOnFocus: false }}>
          <Writers />
          {showing ? (
            <>
              <FarmCompany />
              <CountryOptions />
            </>
          ) : null}
        </SWRConfig>
      );
    };
  }

  it('a screen opened after a write never shows the names from before it', async () => {
    labelsApi();
    const Console = consoleWith(new Map());
    const view = render(<Console showing />);
    await view.findByText('Agro Sur');
    await view.findByText('Perú');
    // The farms and the select are left (the user edits the company, adds a country), then opened again.
    view.rerender(<Console showing={false} />);
    await act(async () => {
      await writes!.updateEmpresa.trigger({ key: { empresaid: 3 }, values: { empresa: 'Agro Norte' } });
      await writes!.createPais.trigger({ pais: 'Chile', paisabrev: 'CL' });
    });
    view.rerender(<Console showing />);
    expect(view.queryByText('Agro Sur')).toBeNull();
    expect(view.queryByText('Perú')).toBeNull();
    await view.findByText('Agro Norte');
    await view.findByText('Perú, Chile');
  });

  it('the names on show change in place, without going blank while they are asked again', async () => {
    const fetchMock = labelsApi();
    const Console = consoleWith(new Map());
    const view = render(<Console showing />);
    await view.findByText('Agro Sur');
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(view.container.textContent ?? ''));
    observer.observe(view.container, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      await writes!.updateEmpresa.trigger({ key: { empresaid: 3 }, values: { empresa: 'Agro Norte' } });
    });
    await view.findByText('Agro Norte');
    observer.disconnect();
    expect(shown.some((text) => text.includes('sin nombre'))).toBe(false);
    expect((fetchMock.mock.calls as unknown as [string][]).filter(([url]) => url.startsWith('/api/sense/empresa/labels')).length).toBe(2);
  });

  it('a write through a call of its own, followed by useRevalidateTable, is named at once too', async () => {
    labelsApi();
    const Console = consoleWith(new Map());
    const view = render(<Console showing />);
    await view.findByText('Agro Sur');
    view.rerender(<Console showing={false} />);
    await act(async () => {
      await fetch('/api/sense/empresa/3', { method: 'PUT' });
      await writes!.revalidateEmpresa();
    });
    view.rerender(<Console showing />);
    expect(view.queryByText('Agro Sur')).toBeNull();
    await view.findByText('Agro Norte');
  });
});
