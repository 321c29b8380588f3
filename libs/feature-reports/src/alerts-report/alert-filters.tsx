import { useGlobalFilters } from '@camposense/data-access';
import type { AlertaReportFilters, AlertaState } from '@camposense/domain';
import { useDisplayTimeZone } from '@camposense/i18n';
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { dayRangeInstants, NO_DAYS } from '../shared/day-range';
import type { DayRangeFilter } from '../shared/day-range';

/** What the panel narrows by (the global selection aside). */
export interface AlertPanelChoices {
  criticidadId: number | null;
  ubicacionId: number | null;
  nodoId: number | null;
  estado: AlertaState | null;
  days: DayRangeFilter;
}

const NO_CHOICES: AlertPanelChoices = { criticidadId: null, ubicacionId: null, nodoId: null, estado: null, days: NO_DAYS };

interface AlertFiltersContextValue extends AlertPanelChoices {
  setCriticidad: (criticidadId: number | null) => void;
  setUbicacion: (ubicacionId: number | null) => void;
  setNodo: (nodoId: number | null) => void;
  setEstado: (estado: AlertaState | null) => void;
  setDays: (days: DayRangeFilter) => void;
  /** Every panel choice back to "all". */
  clear: () => void;
  /** Whether any panel choice narrows the report (an empty answer then says so). */
  narrowed: boolean;
  /** The panel's choices plus the global Pais / Empresa / Fundo: what the API is asked for. */
  filters: AlertaReportFilters;
}

const AlertFiltersContext = createContext<AlertFiltersContextValue | null>(null);

/**
 * The alerts report's own filters (spec: "wrapped in an extra provider for the filters"):
 * criticality, location, node, state and dates, all "all" (null) by default. A location and a
 * node belong to the global selection they were picked under; when it changes they go back to all.
 */
export function AlertFiltersProvider({ children }: { children: ReactNode }) {
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const scope = `${paisId}/${empresaId}/${fundoId}`;
  const [choices, setChoices] = useState<AlertPanelChoices & { scope: string }>({ ...NO_CHOICES, scope });
  const inScope = choices.scope === scope;
  const ubicacionId = inScope ? choices.ubicacionId : null;
  const nodoId = inScope ? choices.nodoId : null;
  const { criticidadId, estado, days } = choices;
  const { timeZone } = useDisplayTimeZone();

  const value = useMemo<AlertFiltersContextValue>(() => {
    const update = (change: Partial<AlertPanelChoices>) =>
      setChoices((current) => ({
        ...current,
        ...(current.scope === scope ? {} : { ubicacionId: null, nodoId: null }),
        ...change,
        scope,
      }));
    return {
      criticidadId,
      ubicacionId,
      nodoId,
      estado,
      days,
      setCriticidad: (next) => update({ criticidadId: next }),
      setUbicacion: (next) => update({ ubicacionId: next }),
      setNodo: (next) => update({ nodoId: next }),
      setEstado: (next) => update({ estado: next }),
      setDays: (next) => update({ days: next }),
      clear: () => setChoices({ ...NO_CHOICES, scope }),
      narrowed: [criticidadId, ubicacionId, nodoId, estado, days.desde, days.hasta].some((choice) => choice !== null),
      filters: { criticidadId, ubicacionId, nodoId, estado, ...dayRangeInstants(days, timeZone), paisId, empresaId, fundoId },
    };
  }, [criticidadId, ubicacionId, nodoId, estado, days, timeZone, scope, paisId, empresaId, fundoId]);
  return <AlertFiltersContext.Provider value={value}>{children}</AlertFiltersContext.Provider>;
}

export function useAlertFilters(): AlertFiltersContextValue {
  const context = useContext(AlertFiltersContext);
  if (!context) throw new Error('useAlertFilters must be used inside <AlertFiltersProvider>');
  return context;
}
