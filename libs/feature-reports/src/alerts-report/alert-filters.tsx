import { useGlobalFilters } from '@camposense/data-access';
import type { AlertaReportFilters } from '@camposense/domain';
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface AlertFiltersContextValue {
  criticidadId: number | null;
  ubicacionId: number | null;
  setCriticidad: (criticidadId: number | null) => void;
  setUbicacion: (ubicacionId: number | null) => void;
  /** The panel's choices plus the global Pais / Empresa / Fundo: what the API is asked for. */
  filters: AlertaReportFilters;
}

const AlertFiltersContext = createContext<AlertFiltersContextValue | null>(null);

/**
 * The alerts report's own filters (spec: "wrapped in an extra provider for the filters"):
 * criticality and location, both "all" (null) by default. A location belongs to the global
 * selection it was picked under; when that selection changes the location goes back to all.
 */
export function AlertFiltersProvider({ children }: { children: ReactNode }) {
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const scope = `${paisId}/${empresaId}/${fundoId}`;
  const [criticidadId, setCriticidad] = useState<number | null>(null);
  const [location, setLocation] = useState<{ ubicacionId: number | null; scope: string }>({ ubicacionId: null, scope });
  const ubicacionId = location.scope === scope ? location.ubicacionId : null;

  const value = useMemo<AlertFiltersContextValue>(
    () => ({
      criticidadId,
      ubicacionId,
      setCriticidad,
      setUbicacion: (next) => setLocation({ ubicacionId: next, scope }),
      filters: { criticidadId, ubicacionId, paisId, empresaId, fundoId },
    }),
    [criticidadId, ubicacionId, scope, paisId, empresaId, fundoId],
  );
  return <AlertFiltersContext.Provider value={value}>{children}</AlertFiltersContext.Provider>;
}

export function useAlertFilters(): AlertFiltersContextValue {
  const context = useContext(AlertFiltersContext);
  if (!context) throw new Error('useAlertFilters must be used inside <AlertFiltersProvider>');
  return context;
}
