import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useOptionalGlobalFilters, type GlobalFilters } from './global-filters';

/** The dashboard filter bar's choice; dates are calendar days (YYYY-MM-DD) in the reader's time zone. */
export interface DashboardFilters {
  fundoId: number | null;
  entidadId: number | null;
  ubicacionId: number | null;
  startDate: string | null;
  endDate: string | null;
  /** The node whose charts are shown; null draws the location's. */
  nodoId: number | null;
  /** A threshold to pick out on its metric's chart (opened from an alert); null for none. */
  umbralId: number | null;
}

/** What the dashboard view reads from the filters (spec section 3, "Dashboard filters payload"). */
export interface DashboardFiltersPayload {
  entidadId: number | null;
  ubicacionId: number | null;
  startDate: string | null;
  endDate: string | null;
}

export interface DashboardFiltersContextValue extends DashboardFilters {
  payload: DashboardFiltersPayload;
  /** Choosing a farm clears entity and location. */
  setFundo: (fundoId: number | null) => void;
  /** Choosing an entity clears the location, which must be one of the entity's. */
  setEntidad: (entidadId: number | null) => void;
  setUbicacion: (ubicacionId: number | null) => void;
  setDateRange: (startDate: string | null, endDate: string | null) => void;
  /** Choosing another node forgets the threshold picked out for the previous one. */
  setNodo: (nodoId: number | null) => void;
  /** Sets several choices at once (an alert opening its node's chart); the rest are cleared. */
  focus: (choice: Partial<DashboardFilters>) => void;
  /** Clears entity, location, node and dates; the farm goes back to the global one (or none). */
  reset: () => void;
}

export const EMPTY_DASHBOARD_FILTERS: DashboardFilters = {
  fundoId: null,
  entidadId: null,
  ubicacionId: null,
  startDate: null,
  endDate: null,
  nodoId: null,
  umbralId: null,
};

const scopeKey = (global: GlobalFilters | null) => (global ? `${global.paisId}/${global.empresaId}/${global.fundoId}` : '');

/**
 * The choice as seen under the global selection `scope`: a choice made under another selection
 * (the sidebar changed since) starts over from the global farm, so the bar, the node list and the
 * charts never show a place outside the sidebar's scope. Dates are not places and stay.
 */
export function dashboardFiltersInScope(
  choice: DashboardFilters & { scope: string },
  scope: string,
  globalFundoId: number | null,
): DashboardFilters {
  const { scope: chosenUnder, ...filters } = choice;
  if (chosenUnder === scope) return filters;
  return { ...EMPTY_DASHBOARD_FILTERS, startDate: filters.startDate, endDate: filters.endDate, fundoId: globalFundoId };
}

const DashboardFiltersContext = createContext<DashboardFiltersContextValue | null>(null);

export interface DashboardFiltersProviderProps {
  children: ReactNode;
  /** A starting choice (stories, tests). */
  initial?: Partial<DashboardFilters>;
}

/** The dashboard filter bar's state, shared by the bar, the dashboard view and the report placeholder. */
export function DashboardFiltersProvider({ children, initial }: DashboardFiltersProviderProps) {
  // The sidebar's selection presets the farm (the issue: "its FUNDO field stays empty").
  const global = useOptionalGlobalFilters();
  const scope = scopeKey(global);
  const globalFundoId = global?.fundoId ?? null;
  const [choice, setChoice] = useState<DashboardFilters & { scope: string }>(() => ({
    ...EMPTY_DASHBOARD_FILTERS,
    fundoId: globalFundoId,
    ...initial,
    scope,
  }));
  const filters = dashboardFiltersInScope(choice, scope, globalFundoId);
  const { fundoId, entidadId, ubicacionId, startDate, endDate, nodoId, umbralId } = filters;

  const value = useMemo<DashboardFiltersContextValue>(() => {
    const update = (change: (current: DashboardFilters) => Partial<DashboardFilters>) =>
      setChoice((current) => {
        const inScope = dashboardFiltersInScope(current, scope, globalFundoId);
        return { ...inScope, ...change(inScope), scope };
      });
    return {
      fundoId,
      entidadId,
      ubicacionId,
      startDate,
      endDate,
      nodoId,
      umbralId,
      payload: { entidadId, ubicacionId, startDate, endDate },
      setFundo: (next) => update(() => ({ fundoId: next, entidadId: null, ubicacionId: null, nodoId: null, umbralId: null })),
      setEntidad: (next) => update(() => ({ entidadId: next, ubicacionId: null, nodoId: null, umbralId: null })),
      setUbicacion: (next) => update(() => ({ ubicacionId: next, nodoId: null, umbralId: null })),
      setDateRange: (start, end) => update(() => ({ startDate: start, endDate: end })),
      setNodo: (next) => update((current) => ({ nodoId: next, umbralId: next === current.nodoId ? current.umbralId : null })),
      focus: (next) => update(() => ({ ...EMPTY_DASHBOARD_FILTERS, ...next })),
      reset: () => update(() => ({ ...EMPTY_DASHBOARD_FILTERS, fundoId: globalFundoId })),
    };
  }, [fundoId, entidadId, ubicacionId, startDate, endDate, nodoId, umbralId, scope, globalFundoId]);
  return <DashboardFiltersContext.Provider value={value}>{children}</DashboardFiltersContext.Provider>;
}

export function useDashboardFilters(): DashboardFiltersContextValue {
  const context = useContext(DashboardFiltersContext);
  if (!context) throw new Error('useDashboardFilters must be used inside <DashboardFiltersProvider>');
  return context;
}

/** The dashboard filters when a provider is mounted, else null (screens that only show them). */
export function useOptionalDashboardFilters(): DashboardFiltersContextValue | null {
  return useContext(DashboardFiltersContext);
}
