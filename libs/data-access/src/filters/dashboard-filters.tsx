import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The dashboard filter bar's choice; dates are calendar days (YYYY-MM-DD) in the reader's time zone. */
export interface DashboardFilters {
  fundoId: number | null;
  entidadId: number | null;
  ubicacionId: number | null;
  startDate: string | null;
  endDate: string | null;
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
  /** Clears farm, entity, location and dates. */
  reset: () => void;
}

export const EMPTY_DASHBOARD_FILTERS: DashboardFilters = {
  fundoId: null,
  entidadId: null,
  ubicacionId: null,
  startDate: null,
  endDate: null,
};

const DashboardFiltersContext = createContext<DashboardFiltersContextValue | null>(null);

export interface DashboardFiltersProviderProps {
  children: ReactNode;
  /** A starting choice (stories, tests). */
  initial?: Partial<DashboardFilters>;
}

/** The dashboard filter bar's state, shared by the bar, the dashboard view and the report placeholder. */
export function DashboardFiltersProvider({ children, initial }: DashboardFiltersProviderProps) {
  const [filters, setFilters] = useState<DashboardFilters>({ ...EMPTY_DASHBOARD_FILTERS, ...initial });
  const setFundo = useCallback(
    (fundoId: number | null) => setFilters((current) => ({ ...current, fundoId, entidadId: null, ubicacionId: null })),
    [],
  );
  const setEntidad = useCallback(
    (entidadId: number | null) => setFilters((current) => ({ ...current, entidadId, ubicacionId: null })),
    [],
  );
  const setUbicacion = useCallback((ubicacionId: number | null) => setFilters((current) => ({ ...current, ubicacionId })), []);
  const setDateRange = useCallback(
    (startDate: string | null, endDate: string | null) => setFilters((current) => ({ ...current, startDate, endDate })),
    [],
  );
  const reset = useCallback(() => setFilters(EMPTY_DASHBOARD_FILTERS), []);
  const value = useMemo<DashboardFiltersContextValue>(
    () => ({
      ...filters,
      payload: {
        entidadId: filters.entidadId,
        ubicacionId: filters.ubicacionId,
        startDate: filters.startDate,
        endDate: filters.endDate,
      },
      setFundo,
      setEntidad,
      setUbicacion,
      setDateRange,
      reset,
    }),
    [filters, setFundo, setEntidad, setUbicacion, setDateRange, reset],
  );
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
