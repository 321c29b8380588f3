import useSWR from 'swr';
import { senseListFetcher } from './sense-fetcher';
import { senseKeys } from './keys';
import type { EmpresaRow, FundoRow, PaisRow } from './types';

export function usePaises() {
  return useSWR<PaisRow[]>(senseKeys.paises(), senseListFetcher);
}

/** Companies of one country; nothing is asked until a country is chosen. */
export function useEmpresas(paisId: number | null) {
  return useSWR<EmpresaRow[]>(senseKeys.empresas(paisId), senseListFetcher);
}

/**
 * Farms of one company; nothing is asked until a company is chosen, unless `allWhenNone` (the
 * dashboard), which lists every farm meanwhile.
 */
export function useFundos(empresaId: number | null, options: { allWhenNone?: boolean } = {}) {
  return useSWR<FundoRow[]>(senseKeys.fundos(empresaId, options), senseListFetcher);
}
