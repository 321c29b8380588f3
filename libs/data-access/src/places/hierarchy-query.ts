import useSWR from 'swr';
import { senseListFetcher } from '../sense/sense-fetcher';
import { placeKeys, placePaths } from './keys';
import type { EmpresaRow, FundoRow, PaisRow } from './types';

export function usePaises() {
  return useSWR<PaisRow[]>(placeKeys.countries(), () => senseListFetcher<PaisRow>(placePaths.countries()));
}

/** Companies of one country (every company with `'all'`); nothing is asked until a country is chosen. */
export function useEmpresas(paisId: number | 'all' | null) {
  return useSWR<EmpresaRow[]>(placeKeys.companies(paisId), ([, , id]: readonly [string, string, number | 'all']) => senseListFetcher<EmpresaRow>(placePaths.companies(id)));
}

/**
 * Farms of one company; nothing is asked until a company is chosen, unless `allWhenNone` (the
 * dashboard), which lists every farm meanwhile.
 */
export function useFundos(empresaId: number | null, options: { allWhenNone?: boolean } = {}) {
  return useSWR<FundoRow[]>(placeKeys.farms(empresaId, options), ([, , id]: readonly [string, string, number | 'all']) => senseListFetcher<FundoRow>(placePaths.farms(id)));
}

/** Every fundo, or those of the sidebar's company when one is chosen. */
export function useDashboardFundos(empresaId: number | null) {
  return useFundos(empresaId, { allWhenNone: true });
}
