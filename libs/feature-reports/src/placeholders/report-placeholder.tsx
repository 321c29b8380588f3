import {
  useDashboardFundos,
  useDashboardPlaces,
  useGlobalFilters,
  useOptionalDashboardFilters,
} from '@camposense/data-access';
import { DevPlaceholder } from '@camposense/ui';
import { formatDayRange } from '../dashboard/date-range';

export interface ReportPlaceholderProps {
  /** The tab being shown, e.g. `reportes-alertas`. */
  tab: string;
}

/**
 * A report sub-tab whose screen is not built yet: the spec's development placeholder, listing the
 * dashboard filters' farm, entity, location and date range (the sidebar's farm when the
 * dashboard has none).
 */
export function ReportPlaceholder({ tab }: ReportPlaceholderProps) {
  const { empresaId, fundoId: globalFundoId } = useGlobalFilters();
  const dashboard = useOptionalDashboardFilters();
  const fundoId = dashboard?.fundoId ?? globalFundoId;
  // The bar lists the company's fundos (all of them without a company): the same call finds either farm.
  const { data: fundos } = useDashboardFundos(empresaId);
  const { entities, locations } = useDashboardPlaces(dashboard?.fundoId ?? null, dashboard?.entidadId ?? null);
  const farm = fundos?.find((fundo) => fundo.fundoid === fundoId)?.fundo ?? null;
  const entity = entities.options.find((row) => row.entidadid === dashboard?.entidadId)?.entidad ?? null;
  const location = locations.options.find((row) => row.ubicacionid === dashboard?.ubicacionId)?.ubicacion ?? null;
  const dateRange =
    dashboard?.startDate && dashboard.endDate ? formatDayRange({ startDay: dashboard.startDate, endDay: dashboard.endDate }) : null;
  return <DevPlaceholder subject={tab} farm={farm} entity={entity} location={location} dateRange={dateRange} />;
}
