import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { announceSessionEnd } from '../client/api-client';
import { DashboardFiltersProvider, useDashboardFilters } from './dashboard-filters';
import { GLOBAL_FILTERS_STORAGE_KEY, GlobalFiltersProvider, parseStoredFilters, useGlobalFilters, validScope } from './global-filters';

const wrapper = ({ children }: { children: ReactNode }) => <GlobalFiltersProvider>{children}</GlobalFiltersProvider>;
const stored = ({ children }: { children: ReactNode }) => (
  <GlobalFiltersProvider storageKey={GLOBAL_FILTERS_STORAGE_KEY}>{children}</GlobalFiltersProvider>
);

afterEach(() => window.sessionStorage.clear());

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

describe('the selection across a reload', () => {
  it('is written to sessionStorage and read back by the next provider', () => {
    const first = renderHook(() => useGlobalFilters(), { wrapper: stored });
    act(() => first.result.current.setPais(1));
    act(() => first.result.current.setEmpresa(2));
    act(() => first.result.current.setFundo(3));
    expect(JSON.parse(window.sessionStorage.getItem(GLOBAL_FILTERS_STORAGE_KEY)!)).toEqual({ paisId: 1, empresaId: 2, fundoId: 3 });
    first.unmount();
    const reloaded = renderHook(() => useGlobalFilters(), { wrapper: stored });
    expect(reloaded.result.current).toMatchObject({ paisId: 1, empresaId: 2, fundoId: 3 });
  });

  it("is forgotten when the session ends: the next person on the tab does not start in the previous one's farm", () => {
    const first = renderHook(() => useGlobalFilters(), { wrapper: stored });
    act(() => first.result.current.setPais(1));
    act(() => first.result.current.setEmpresa(2));
    act(() => announceSessionEnd());
    first.unmount();
    expect(window.sessionStorage.getItem(GLOBAL_FILTERS_STORAGE_KEY)).toBeNull();
    const next = renderHook(() => useGlobalFilters(), { wrapper: stored });
    expect(next.result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
  });

  it('leaves nothing stored once cleared', () => {
    const { result } = renderHook(() => useGlobalFilters(), { wrapper: stored });
    act(() => result.current.setPais(1));
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
    expect(window.sessionStorage.getItem(GLOBAL_FILTERS_STORAGE_KEY)).toBeNull();
  });

  it('is not kept without a storage key (stories, tests)', () => {
    const { result } = renderHook(() => useGlobalFilters(), { wrapper });
    act(() => result.current.setPais(1));
    expect(window.sessionStorage.length).toBe(0);
  });

  it('reads a damaged or impossible stored value as no selection, dropping a level without its parent', () => {
    expect(parseStoredFilters(null)).toEqual({ paisId: null, empresaId: null, fundoId: null });
    expect(parseStoredFilters('{not json')).toEqual({ paisId: null, empresaId: null, fundoId: null });
    expect(parseStoredFilters('42')).toEqual({ paisId: null, empresaId: null, fundoId: null });
    expect(parseStoredFilters('{"paisId":"1","empresaId":2}')).toEqual({ paisId: null, empresaId: null, fundoId: null });
    expect(parseStoredFilters('{"paisId":1,"empresaId":-2,"fundoId":3}')).toEqual({ paisId: 1, empresaId: null, fundoId: null });
    expect(parseStoredFilters('{"paisId":1,"empresaId":2,"fundoId":3.5}')).toEqual({ paisId: 1, empresaId: 2, fundoId: null });
  });
});

describe('a stored selection checked against the hierarchy', () => {
  const chosen = { paisId: 1, empresaId: 2, fundoId: 3 };
  it('keeps ids that exist, and those whose list has not loaded yet', () => {
    expect(validScope(chosen, { paisIds: [1], empresaIds: [2], fundoIds: [3] })).toEqual(chosen);
    expect(validScope(chosen, {})).toEqual(chosen);
  });
  it('drops the first missing level and everything under it', () => {
    expect(validScope(chosen, { paisIds: [9], empresaIds: [2], fundoIds: [3] })).toEqual({ paisId: null, empresaId: null, fundoId: null });
    expect(validScope(chosen, { paisIds: [1], empresaIds: [9] })).toEqual({ paisId: 1, empresaId: null, fundoId: null });
    expect(validScope(chosen, { paisIds: [1], empresaIds: [2], fundoIds: [] })).toEqual({ paisId: 1, empresaId: 2, fundoId: null });
  });
});

describe('the dashboard filters under the global selection', () => {
  const both = (initial?: { fundoId: number }) =>
    function Both({ children }: { children: ReactNode }) {
      return (
        <GlobalFiltersProvider initial={initial ? { paisId: 1, empresaId: 2, ...initial } : undefined}>
          <DashboardFiltersProvider>{children}</DashboardFiltersProvider>
        </GlobalFiltersProvider>
      );
    };
  const useBoth = () => ({ global: useGlobalFilters(), dashboard: useDashboardFilters() });

  it('preset the farm to the global one', () => {
    const { result } = renderHook(useBoth, { wrapper: both({ fundoId: 7 }) });
    expect(result.current.dashboard.fundoId).toBe(7);
  });

  it('start over from the new global farm when the sidebar changes, keeping the dates', () => {
    const { result } = renderHook(useBoth, { wrapper: both() });
    act(() => result.current.dashboard.focus({ fundoId: 4, entidadId: 5, ubicacionId: 6, nodoId: 8, umbralId: 9, startDate: '2026-11-01', endDate: '2026-11-03' }));
    expect(result.current.dashboard).toMatchObject({ fundoId: 4, entidadId: 5, ubicacionId: 6, nodoId: 8, umbralId: 9 });
    act(() => result.current.global.setPais(1));
    act(() => result.current.global.setEmpresa(2));
    act(() => result.current.global.setFundo(3));
    expect(result.current.dashboard).toMatchObject({
      fundoId: 3,
      entidadId: null,
      ubicacionId: null,
      nodoId: null,
      umbralId: null,
      startDate: '2026-11-01',
      endDate: '2026-11-03',
    });
    act(() => result.current.dashboard.setEntidad(5));
    expect(result.current.dashboard).toMatchObject({ fundoId: 3, entidadId: 5 });
    act(() => result.current.global.clear());
    expect(result.current.dashboard).toMatchObject({ fundoId: null, entidadId: null });
  });

  it('reset back to the global farm, and forget the threshold when another node is chosen', () => {
    const { result } = renderHook(useBoth, { wrapper: both({ fundoId: 7 }) });
    act(() => result.current.dashboard.focus({ fundoId: 7, nodoId: 1, umbralId: 10, startDate: '2026-11-01', endDate: '2026-11-02' }));
    act(() => result.current.dashboard.setNodo(2));
    expect(result.current.dashboard).toMatchObject({ nodoId: 2, umbralId: null });
    act(() => result.current.dashboard.setEntidad(3));
    act(() => result.current.dashboard.reset());
    expect(result.current.dashboard).toMatchObject({ fundoId: 7, entidadId: null, nodoId: null, startDate: null, endDate: null });
  });
});
