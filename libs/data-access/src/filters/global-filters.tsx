import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAccess } from '../access/access-context';
import { restrictToGrant, singleGrantedFarm } from '../access/grants';
import { onSessionEnd } from '../client/api-client';
import { useFundos } from '../places/hierarchy-query';

export interface GlobalFilters {
  paisId: number | null;
  empresaId: number | null;
  fundoId: number | null;
}

interface GlobalFiltersContextValue extends GlobalFilters {
  /** Choosing a country clears company and farm. */
  setPais: (paisId: number | null) => void;
  /** Choosing a company clears the farm. */
  setEmpresa: (empresaId: number | null) => void;
  setFundo: (fundoId: number | null) => void;
  /** Clears country, company and farm: every screen shows all its data again. */
  clear: () => void;
  /**
   * The user is granted exactly one farm and started inside it (issue 32): the panel says why the
   * scope is set. False for an admin and without an access provider.
   */
  singleFarm: boolean;
  /** The grant or the farms it decides on are still loading: screens wait, so none reads a scope about to change. */
  settling: boolean;
}

const GlobalFiltersContext = createContext<GlobalFiltersContextValue | null>(null);

export const EMPTY_GLOBAL_FILTERS: GlobalFilters = { paisId: null, empresaId: null, fundoId: null };

/** Where the console keeps the selection between reloads (sessionStorage of the tab). */
export const GLOBAL_FILTERS_STORAGE_KEY = 'camposense.globalFilters';

const positiveId = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/**
 * The stored selection, or empty when there is none or it is not one the cascade allows: a company
 * needs its country, a farm its company, so a lower level without its parent is dropped.
 */
export function parseStoredFilters(text: string | null): GlobalFilters {
  if (!text) return EMPTY_GLOBAL_FILTERS;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return EMPTY_GLOBAL_FILTERS;
  }
  if (typeof stored !== 'object' || stored === null) return EMPTY_GLOBAL_FILTERS;
  const record = stored as Record<string, unknown>;
  const paisId = positiveId(record['paisId']);
  const empresaId = paisId === null ? null : positiveId(record['empresaId']);
  const fundoId = empresaId === null ? null : positiveId(record['fundoId']);
  return { paisId, empresaId, fundoId };
}

function readStorage(key: string): GlobalFilters {
  try {
    return parseStoredFilters(window.sessionStorage.getItem(key));
  } catch {
    // Storage refused (privacy settings): the selection then lives as long as the page.
    return EMPTY_GLOBAL_FILTERS;
  }
}

function writeStorage(key: string, filters: GlobalFilters) {
  try {
    if (filters.paisId === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(filters));
  } catch {
    // As above: not kept, still used.
  }
}

/** The lists of the hierarchy the selection is checked against; `undefined` while one loads. */
export interface GlobalScopeLists {
  paisIds?: readonly number[];
  empresaIds?: readonly number[];
  fundoIds?: readonly number[];
}

/**
 * The selection with the ids that no longer exist dropped (a farm deleted since it was stored,
 * another database): the first level missing from its loaded list and everything under it go.
 */
export function validScope(filters: GlobalFilters, lists: GlobalScopeLists): GlobalFilters {
  const { paisId, empresaId, fundoId } = filters;
  if (paisId !== null && lists.paisIds && !lists.paisIds.includes(paisId)) return EMPTY_GLOBAL_FILTERS;
  if (empresaId !== null && lists.empresaIds && !lists.empresaIds.includes(empresaId)) return { paisId, empresaId: null, fundoId: null };
  if (fundoId !== null && lists.fundoIds && !lists.fundoIds.includes(fundoId)) return { paisId, empresaId, fundoId: null };
  return filters;
}

export interface GlobalFiltersProviderProps {
  children: ReactNode;
  /** A starting selection (stories, tests); it wins over a stored one. */
  initial?: Partial<GlobalFilters>;
  /**
   * Keep the selection in the tab's sessionStorage under this key, so a reload keeps it (the
   * console passes GLOBAL_FILTERS_STORAGE_KEY; stories and tests keep theirs in memory).
   */
  storageKey?: string;
}

/**
 * The Pais / Empresa / Fundo selection of the main sidebar, shared with every screen. Under an
 * AccessProvider it never holds a country or company outside the signed-in user's grant, and a
 * user granted one farm starts inside it.
 */
export function GlobalFiltersProvider({ children, initial, storageKey }: GlobalFiltersProviderProps) {
  const [stored, setFilters] = useState<GlobalFilters>(() =>
    initial ? { ...EMPTY_GLOBAL_FILTERS, ...initial } : storageKey ? readStorage(storageKey) : EMPTY_GLOBAL_FILTERS,
  );
  const access = useAccess();
  const granted = access?.status === 'ready' ? access : null;
  // Derived during render, so no screen ever reads a company the grant left out, not even once.
  const filters = granted ? restrictToGrant(stored, granted.scope) : stored;
  useEffect(() => {
    if (filters !== stored) setFilters(filters);
  }, [filters, stored]);

  // Every farm the grant covers, to find a single one: the dashboard reads the same list.
  const decidesFarm = granted !== null && !granted.all && granted.grants.length > 0;
  const farms = useFundos(null, { allWhenNone: decidesFarm });
  const single = decidesFarm && farms.data ? singleGrantedFarm(granted.grants, farms.data) : null;
  const farmsSettled = !decidesFarm || farms.data !== undefined || farms.error !== undefined;
  // Once per session: a user who then clears the scope keeps it cleared. Decided during the render
  // (React renders this provider again at once, before its children), not in an effect: when the
  // farms are known at the first render (a reload, whose reads went ahead) no screen draws a
  // "settling" frame first, a commit more before the dashboard (issue 30, repeat visit).
  const [presetDecided, setPresetDecided] = useState(false);
  if (!presetDecided && decidesFarm && farmsSettled) {
    setPresetDecided(true);
    if (single && stored.fundoId === null) setFilters(single);
  }
  const settling = access?.status === 'loading' || (decidesFarm && !presetDecided);

  useEffect(() => {
    if (storageKey) writeStorage(storageKey, filters);
  }, [storageKey, filters]);
  // The selection is the session's: the next person signing in on this tab starts from the whole
  // scope (or the one farm of their grant), not inside the previous user's farm.
  useEffect(() => (storageKey ? onSessionEnd(() => writeStorage(storageKey, EMPTY_GLOBAL_FILTERS)) : undefined), [storageKey]);
  const setPais = useCallback((paisId: number | null) => setFilters({ paisId, empresaId: null, fundoId: null }), []);
  const setEmpresa = useCallback(
    (empresaId: number | null) => setFilters((current) => ({ ...current, empresaId, fundoId: null })),
    [],
  );
  const setFundo = useCallback((fundoId: number | null) => setFilters((current) => ({ ...current, fundoId })), []);
  const clear = useCallback(() => setFilters(EMPTY_GLOBAL_FILTERS), []);
  const singleFarm = single !== null;
  const value = useMemo(
    () => ({ ...filters, setPais, setEmpresa, setFundo, clear, singleFarm, settling }),
    [filters, setPais, setEmpresa, setFundo, clear, singleFarm, settling],
  );
  return <GlobalFiltersContext.Provider value={value}>{children}</GlobalFiltersContext.Provider>;
}

export function useGlobalFilters(): GlobalFiltersContextValue {
  const context = useContext(GlobalFiltersContext);
  if (!context) throw new Error('useGlobalFilters must be used inside <GlobalFiltersProvider>');
  return context;
}

/** The global selection when a provider is mounted, else null (screens shown alone in stories). */
export function useOptionalGlobalFilters(): GlobalFiltersContextValue | null {
  return useContext(GlobalFiltersContext);
}
