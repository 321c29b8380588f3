import type { DashboardFilters } from '@camposense/data-access';
import type { AlertaReportRow, NodoConLocalizacion } from '@camposense/domain';
import { addCalendarDays, dayInZone } from '@camposense/domain';

/** Days drawn either side of the alert's day when its chart is opened. */
export const ALERT_CHART_MARGIN_DAYS = 1;

/**
 * What the dashboard is set to when an alert opens its node's chart: the node in its farm, entity
 * and location (from the node list; the location alone while that list is unknown), the days
 * around the alert (days of the display zone), and the threshold it broke picked out. Null when the alert no longer names a
 * node (its threshold is gone).
 */
export function alertChartFocus(
  row: Pick<AlertaReportRow, 'umbral' | 'medicion' | 'fecha' | 'umbralid'>,
  nodes: readonly NodoConLocalizacion[] | undefined,
  timeZone: string,
): Partial<DashboardFilters> | null {
  const nodoId = row.umbral?.nodoid ?? row.medicion?.nodoid ?? null;
  if (nodoId === null) return null;
  const node = nodes?.find((candidate) => candidate.nodoid === nodoId);
  const when = row.fecha ?? row.medicion?.fecha ?? null;
  const day = when ? dayInZone(new Date(when), timeZone) : null;
  return {
    fundoId: node?.fundoid ?? null,
    entidadId: node?.entidadid ?? null,
    ubicacionId: node?.ubicacionid ?? row.umbral?.ubicacionid ?? row.medicion?.ubicacionid ?? null,
    nodoId,
    umbralId: row.umbralid,
    startDate: day ? addCalendarDays(day, -ALERT_CHART_MARGIN_DAYS) : null,
    endDate: day ? addCalendarDays(day, ALERT_CHART_MARGIN_DAYS) : null,
  };
}
