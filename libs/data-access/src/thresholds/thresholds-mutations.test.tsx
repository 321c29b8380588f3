import { act, render } from '@testing-library/react';
import type { LabelPage } from '@camposense/domain';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLabelSearch } from '../tables/labels-query';
import { useUpdateThresholdMutation } from './update-threshold-mutation';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useUpdateThresholdMutation', () => {
  it('a threshold renamed in the thresholds tab is named anew in the parameters area, never by its old name', async () => {
    let name = 'Temperatura crítica Lote A';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          name = 'Temperatura alta Lote A';
          return json({ umbralid: 1, umbral: name });
        }
        const page: LabelPage = { data: [{ id: 1, label: name }], pagination: { page: 1, pageSize: 50, total: 1, totalPages: 1 } };
        return url.startsWith('/api/sense/umbral/labels') ? json(page) : json({});
      }),
    );
    let update: ReturnType<typeof useUpdateThresholdMutation> | null = null;
    function Writer() {
      update = useUpdateThresholdMutation();
      return null;
    }
    /** A select of thresholds in the parameters area (perfilumbral's form). */
    function ThresholdOptions() {
      const { data } = useLabelSearch('umbral', { pageSize: 50 });
      return <p>{data ? data.data.map((option) => option.label).join(', ') : 'cargando'}</p>;
    }
    const cache = new Map();
    function Console({ showing }: { showing: boolean }) {
      return (
        <SWRConfig value={{ provider: () => cache as never, revalidateOnFocus: false }}>
          <Writer />
          {showing ? <ThresholdOptions /> : null}
        </SWRConfig>
      );
    }
    const view = render(<Console showing />);
    await view.findByText('Temperatura crítica Lote A');
    view.rerender(<Console showing={false} />);
    await act(async () => {
      await update!.trigger({ umbralId: 1, changes: { umbral: 'Temperatura alta Lote A' } });
    });
    view.rerender(<Console showing />);
    expect(view.queryByText('Temperatura crítica Lote A')).toBeNull();
    await view.findByText('Temperatura alta Lote A');
  });
});
