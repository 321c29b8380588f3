import { useMemo } from 'react';
import { useDashboardFilters } from '../filters/dashboard-filters';
import { useGlobalFilters } from '../filters/global-filters';
import { useDashboardFundos, useEmpresas, usePaises } from '../places/hierarchy-query';
import type { EmpresaRow, FundoRow, PaisRow } from '../places/types';
import type { DisplayTimeZone, TimeZoneSource } from './display-time-zone';
import { useTimeZoneSource } from './display-time-zone';

export interface DashboardZoneInput {
  /** The zone of the global scope (the shell's), what the dashboard shows without a farm of its own. */
  scope: DisplayTimeZone;
  source: TimeZoneSource;
  /** The farm chosen in the dashboard's own FUNDO filter, once its row is known. */
  fundo: Pick<FundoRow, 'zonahoraria'> | null;
  /** The zone of that farm's country (its company's), once known. */
  countryZone: string | null;
}

/**
 * Issue 28, item 8: a farm chosen in the dashboard's FUNDO filter is one farm, as one chosen in the
 * sidebar is: its own zone, else its country's (resolveDisplayTimeZone's rule), never the scope's
 * "farms in different zones". The person's "browser's zone" setting still wins; until the farm's
 * zone is known (lists loading) the scope's zone stands.
 */
export function resolveDashboardTimeZone({ scope, source, fundo, countryZone }: DashboardZoneInput): DisplayTimeZone {
  if (source === 'browser' || fundo === null) return scope;
  const zone = fundo.zonahoraria || countryZone;
  return zone ? { timeZone: zone, basis: 'fundo' } : scope;
}

/** The zone of the dashboard: its FUNDO filter's farm's, else `scope` (what the shell provides). */
export function useDashboardTimeZone(scope: DisplayTimeZone): DisplayTimeZone {
  const { fundoId } = useDashboardFilters();
  const { empresaId } = useGlobalFilters();
  const [source] = useTimeZoneSource();
  const fundos = useDashboardFundos(empresaId);
  const fundo = fundoId === null ? null : (fundos.data?.find((row) => row.fundoid === fundoId) ?? null);
  // The country is asked for only when the farm has no zone of its own.
  const needsCountry = source === 'farm' && fundo !== null && !fundo.zonahoraria;
  const empresas = useEmpresas(needsCountry ? 'all' : null);
  const paises = usePaises();
  const countryZone = countryZoneOf(fundo, empresas.data, paises.data);
  const { timeZone, basis } = resolveDashboardTimeZone({ scope, source, fundo, countryZone });
  return useMemo(() => ({ timeZone, basis }), [timeZone, basis]);
}

function countryZoneOf(fundo: Pick<FundoRow, 'empresaid'> | null, empresas: EmpresaRow[] | undefined, paises: PaisRow[] | undefined): string | null {
  if (!fundo) return null;
  const paisid = empresas?.find((row) => row.empresaid === fundo.empresaid)?.paisid;
  return paises?.find((row) => row.paisid === paisid)?.zonahoraria ?? null;
}
