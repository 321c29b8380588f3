import type { UserAccessResponse } from '@camposense/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUser, operatorUser } from '../testing/fixtures';
import { GLOBAL_FILTERS_STORAGE_KEY, GlobalFiltersProvider, useGlobalFilters } from '../filters/global-filters';
import { placeKeys } from '../places/keys';
import type { FundoRow } from '../places/types';
import { userAccessKeys } from '../user-access/keys';
import { AccessProvider, useAccess } from './access-context';

/*
 * The global selection under a user's grant (issue 32). The answers are put in SWR's cache before
 * the first render and nothing is asked (no server here): `undefined` leaves one loading.
 */
const chileOnly: UserAccessResponse = {
  usuarioid: operatorUser.id,
  todas: false,
  accesos: [{ empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' }],
};
const farm = (fundoid: number, empresaid: number): FundoRow => ({ fundoid, fundo: `Fundo ${fundoid}`, fundoabrev: `F${fundoid}`, empresaid });

function wrapperFor(user: typeof operatorUser, answers: { access?: UserAccessResponse; farms?: FundoRow[] }) {
  const fallback: Record<string, unknown> = {};
  if (answers.access) fallback[unstable_serialize(userAccessKeys.of(user.id))] = answers.access;
  if (answers.farms) fallback[unstable_serialize(placeKeys.farms(null, { allWhenNone: true }))] = answers.farms;
  return ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), fallback, revalidateOnMount: false, revalidateIfStale: false }}>
      <AccessProvider user={user}>
        <GlobalFiltersProvider storageKey={GLOBAL_FILTERS_STORAGE_KEY}>{children}</GlobalFiltersProvider>
      </AccessProvider>
    </SWRConfig>
  );
}

const storeSelection = (selection: object) => window.sessionStorage.setItem(GLOBAL_FILTERS_STORAGE_KEY, JSON.stringify(selection));
const storedSelection = () => JSON.parse(window.sessionStorage.getItem(GLOBAL_FILTERS_STORAGE_KEY) ?? 'null') as unknown;

afterEach(() => window.sessionStorage.clear());

describe('a stored selection outside the grant', () => {
  it('is never read by a screen: a foreign country goes at once, and from storage too', async () => {
    storeSelection({ paisId: 1, empresaId: 1, fundoId: 1 });
    const { result } = renderHook(() => useGlobalFilters(), { wrapper: wrapperFor(operatorUser, { access: chileOnly, farms: [farm(5, 3), farm(6, 3)] }) });
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
    await waitFor(() => expect(storedSelection()).toBeNull());
  });

  it('keeps a granted country and drops the company it does not grant, with its farm', async () => {
    storeSelection({ paisId: 2, empresaId: 4, fundoId: 8 });
    const { result } = renderHook(() => useGlobalFilters(), { wrapper: wrapperFor(operatorUser, { access: chileOnly, farms: [farm(5, 3), farm(6, 3)] }) });
    expect(result.current).toMatchObject({ paisId: 2, empresaId: null, fundoId: null });
    await waitFor(() => expect(storedSelection()).toEqual({ paisId: 2, empresaId: null, fundoId: null }));
    expect(result.current.settling).toBe(false);
    expect(result.current.singleFarm).toBe(false);
  });

  it('is kept while the grant is loading (not thrown away before it is known), and the screens wait', () => {
    storeSelection({ paisId: 1, empresaId: 1, fundoId: 1 });
    const { result } = renderHook(() => ({ filters: useGlobalFilters(), access: useAccess() }), { wrapper: wrapperFor(operatorUser, {}) });
    expect(result.current.access?.status).toBe('loading');
    expect(result.current.filters).toMatchObject({ paisId: 1, empresaId: 1, fundoId: 1, settling: true });
    expect(storedSelection()).toEqual({ paisId: 1, empresaId: 1, fundoId: 1 });
  });

  it('is left alone for an admin, whose grant is not even asked', () => {
    storeSelection({ paisId: 1, empresaId: 1, fundoId: 1 });
    const { result } = renderHook(() => ({ filters: useGlobalFilters(), access: useAccess() }), { wrapper: wrapperFor(adminUser, {}) });
    expect(result.current.access).toMatchObject({ status: 'ready', all: true, scope: null });
    expect(result.current.filters).toMatchObject({ paisId: 1, empresaId: 1, fundoId: 1, settling: false });
  });
});

describe('a user granted one farm', () => {
  it('starts inside it, and a clear afterwards is kept', async () => {
    // The farms of other companies (an API that does not scope yet) do not count.
    const { result } = renderHook(() => useGlobalFilters(), { wrapper: wrapperFor(operatorUser, { access: chileOnly, farms: [farm(1, 1), farm(5, 3)] }) });
    await waitFor(() => expect(result.current).toMatchObject({ paisId: 2, empresaId: 3, fundoId: 5, singleFarm: true, settling: false }));
    expect(storedSelection()).toEqual({ paisId: 2, empresaId: 3, fundoId: 5 });
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null });
  });

  // A reload's grant and farms are in the cache before the console's first render (issue 30): a
  // screen drawn with `settling` first cost the console a commit (its loading state) more.
  it('with the farms already known, is never settling nor outside the farm, from the first render', () => {
    const seen: object[] = [];
    renderHook(
      () => {
        const { paisId, empresaId, fundoId, settling } = useGlobalFilters();
        seen.push({ paisId, empresaId, fundoId, settling });
      },
      { wrapper: wrapperFor(operatorUser, { access: chileOnly, farms: [farm(1, 1), farm(5, 3)] }) },
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const filters of seen) expect(filters).toEqual({ paisId: 2, empresaId: 3, fundoId: 5, settling: false });
  });

  it('with two farms, starts with nothing chosen', async () => {
    const { result } = renderHook(() => useGlobalFilters(), { wrapper: wrapperFor(operatorUser, { access: chileOnly, farms: [farm(5, 3), farm(6, 3)] }) });
    await waitFor(() => expect(result.current.settling).toBe(false));
    expect(result.current).toMatchObject({ paisId: null, empresaId: null, fundoId: null, singleFarm: false });
  });
});
