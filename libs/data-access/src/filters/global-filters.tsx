import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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
}

const GlobalFiltersContext = createContext<GlobalFiltersContextValue | null>(null);

export const EMPTY_GLOBAL_FILTERS: GlobalFilters = { paisId: null, empresaId: null, fundoId: null };

export interface GlobalFiltersProviderProps {
  children: ReactNode;
  /** A starting selection (stories, tests). */
  initial?: Partial<GlobalFilters>;
}

/** The Pais / Empresa / Fundo selection of the main sidebar, shared with every screen. */
export function GlobalFiltersProvider({ children, initial }: GlobalFiltersProviderProps) {
  const [filters, setFilters] = useState<GlobalFilters>({ ...EMPTY_GLOBAL_FILTERS, ...initial });
  const setPais = useCallback((paisId: number | null) => setFilters({ paisId, empresaId: null, fundoId: null }), []);
  const setEmpresa = useCallback(
    (empresaId: number | null) => setFilters((current) => ({ ...current, empresaId, fundoId: null })),
    [],
  );
  const setFundo = useCallback((fundoId: number | null) => setFilters((current) => ({ ...current, fundoId })), []);
  const value = useMemo(() => ({ ...filters, setPais, setEmpresa, setFundo }), [filters, setPais, setEmpresa, setFundo]);
  return <GlobalFiltersContext.Provider value={value}>{children}</GlobalFiltersContext.Provider>;
}

export function useGlobalFilters(): GlobalFiltersContextValue {
  const context = useContext(GlobalFiltersContext);
  if (!context) throw new Error('useGlobalFilters must be used inside <GlobalFiltersProvider>');
  return context;
}
