import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useGlobalFilters } from '../filters/global-filters';
import { useFundos, usePaises } from '../places/hierarchy-query';

/**
 * Issue 16: readings, alerts and messages are farm events, shown in the farm's time zone unless
 * the person asks for the browser's. This file decides which zone that is. The console's shell
 * puts the answer in @camposense/i18n's DisplayTimeZoneContext (this layer may not import i18n),
 * and every screen and the UI kit read it there through useDisplayTimeZone().
 */

/** Why the zone is the one it is: see resolveDisplayTimeZone. */
export type DisplayTimeZoneBasis = 'fundo' | 'pais' | 'countries' | 'browser' | 'mixed';

export interface DisplayTimeZone {
  timeZone: string;
  basis: DisplayTimeZoneBasis;
}

/** The browser's own IANA zone. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Where the zone comes from: the farms in scope (default) or this browser. */
export type TimeZoneSource = 'farm' | 'browser';

/** Kept in this browser like the language and the theme, and applied at once (no GUARDAR). */
export const TIME_ZONE_SOURCE_STORAGE_KEY = 'camposense.timeZoneSource';

const listeners = new Set<() => void>();

function readSource(): TimeZoneSource {
  try {
    return localStorage.getItem(TIME_ZONE_SOURCE_STORAGE_KEY) === 'browser' ? 'browser' : 'farm';
  } catch {
    return 'farm';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the console changed the setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TIME_ZONE_SOURCE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The "use the browser's time zone" setting and its setter; every screen follows a change at once. */
export function useTimeZoneSource(): [TimeZoneSource, (source: TimeZoneSource) => void] {
  const source = useSyncExternalStore(subscribe, readSource, () => 'farm' as const);
  const setSource = useCallback((next: TimeZoneSource) => {
    try {
      if (next === 'browser') localStorage.setItem(TIME_ZONE_SOURCE_STORAGE_KEY, 'browser');
      else localStorage.removeItem(TIME_ZONE_SOURCE_STORAGE_KEY);
    } catch {
      // Storage refused (private mode): the choice holds until the page is left.
    }
    for (const listener of listeners) listener();
  }, []);
  return [source, setSource];
}

export interface ZoneResolutionInput {
  source: TimeZoneSource;
  browserZone: string;
  /** The farm chosen in the global scope, if one is (its own zone, null = its country's). */
  fundo: { zonahoraria?: string | null } | null;
  /** The country chosen in the global scope, if one is. */
  pais: { zonahoraria?: string | null } | null;
  /** Every country the person can see: the scope when none is chosen. */
  paises: readonly { zonahoraria?: string | null }[];
}

/**
 * The rule (issue 16): the browser's when the person asks for it; else the chosen farm's own zone,
 * else the chosen country's; with no country chosen, the zone all countries share; when they
 * differ (Peru and Chile), the browser's, since no one farm zone fits every row. An answer whose
 * zone is not known yet (lists still loading) is the browser's too.
 */
export function resolveDisplayTimeZone({ source, browserZone, fundo, pais, paises }: ZoneResolutionInput): DisplayTimeZone {
  if (source === 'browser') return { timeZone: browserZone, basis: 'browser' };
  if (fundo?.zonahoraria) return { timeZone: fundo.zonahoraria, basis: 'fundo' };
  if (pais?.zonahoraria) return { timeZone: pais.zonahoraria, basis: 'pais' };
  const zones = new Set(paises.map((row) => row.zonahoraria).filter((zone): zone is string => Boolean(zone)));
  const [only] = zones;
  if (zones.size === 1 && only) return { timeZone: only, basis: 'countries' };
  return { timeZone: browserZone, basis: zones.size > 1 ? 'mixed' : 'browser' };
}

/** The display zone of the global scope and the setting; the shell provides it to every screen. */
export function useScopeTimeZone(): DisplayTimeZone {
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const [source] = useTimeZoneSource();
  const { data: paises } = usePaises();
  const { data: fundos } = useFundos(fundoId === null ? null : empresaId);
  const fundo = fundoId === null ? null : (fundos?.find((row) => row.fundoid === fundoId) ?? null);
  const pais = paisId === null ? null : (paises?.find((row) => row.paisid === paisId) ?? null);
  const { timeZone, basis } = resolveDisplayTimeZone({ source, browserZone: browserTimeZone(), fundo, pais, paises: paises ?? [] });
  // A new object only when the zone or its reason changes: a refetch of the lists re-renders nothing.
  return useMemo(() => ({ timeZone, basis }), [timeZone, basis]);
}
