import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { GlobalFiltersProvider, useGlobalFilters } from './global-filters';

const wrapper = ({ children }: { children: ReactNode }) => <GlobalFiltersProvider>{children}</GlobalFiltersProvider>;

describe('the Pais / Empresa / Fundo cascade', () => {
  it('starts empty and keeps each choice', () => {
    const { result } = renderHook(() => useGlobalFilters(), { wrapper });
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
    act(() => result.current.setPais(1));
    act(() => result.current.setEmpresa(2));
    act(() => result.current.setFundo(3));
    expect(result.current).toMatchObject({ paisId: 1, empresaId: 2, fundoId: 3 });
  });

  it('clears company and farm when the country changes, and the farm when the company changes', () => {
    const { result } = renderHook(() => useGlobalFilters(), { wrapper });
    act(() => result.current.setPais(1));
    act(() => result.current.setEmpresa(2));
    act(() => result.current.setFundo(3));
    act(() => result.current.setEmpresa(4));
    expect(result.current).toMatchObject({ paisId: 1, empresaId: 4, fundoId: null });
    act(() => result.current.setFundo(5));
    act(() => result.current.setPais(null));
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
  });
});
