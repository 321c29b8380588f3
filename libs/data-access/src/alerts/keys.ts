import { REPORT_PAGE_SIZE } from '@camposense/domain';
import type { AlertaReportFilters, AlertaSortColumn } from '@camposense/domain';
import { queryString, REPORTS_BASE, setValues } from '../reports/query-string';
import type { QueryEntries, ReportSortState } from '../reports/query-string';

export interface AlertasReportParams extends AlertaReportFilters, ReportSortState<AlertaSortColumn> {
  page: number;
  /** The cursor of the page (`pagination.next` of the one before): asked instead of the page number. */
  after?: string | undefined;
}

export type AlertaScopeFilters = Pick<AlertaReportFilters, 'paisId' | 'empresaId' | 'fundoId'>;

/**
 * SWR keys of the alerts: `['alerts', 'report', params]` a page of the report,
 * `['alerts', 'filter-options', scope]` its filter panel's options. A live alert makes every key
 * under `alertKeys.all` stale.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  report: (params: AlertasReportParams) => ['alerts', 'report', setValues(params)] as const,
  filterOptions: (filters: AlertaScopeFilters) => ['alerts', 'filter-options', setValues(filters)] as const,
  acknowledge: () => ['alerts', 'acknowledge'] as const,
  acknowledgeMatching: () => ['alerts', 'acknowledge-matching'] as const,
};

export function alertaFilterEntries(filters: AlertaReportFilters): QueryEntries {
  return [
    ['estado', filters.estado],
    ['criticidadId', filters.criticidadId],
    ['ubicacionId', filters.ubicacionId],
    ['nodoId', filters.nodoId],
    ['desde', filters.desde],
    ['hasta', filters.hasta],
    ['paisId', filters.paisId],
    ['empresaId', filters.empresaId],
    ['fundoId', filters.fundoId],
  ];
}

/** Where the API answers the alerts' keys and takes their writes. */
export const alertPaths = {
  report: (params: Partial<AlertasReportParams>) =>
    `${REPORTS_BASE}/alertas${queryString([
      // A page reached by Next is asked by its cursor: the API answers it at any depth.
      params.after ? ['after', params.after] : ['page', params.page],
      ['pageSize', REPORT_PAGE_SIZE],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortOrder],
      ...alertaFilterEntries(params),
    ])}`,
  filterOptions: (filters: AlertaScopeFilters) =>
    `${REPORTS_BASE}/alertas/filtros${queryString([
      ['paisId', filters.paisId],
      ['empresaId', filters.empresaId],
      ['fundoId', filters.fundoId],
    ])}`,
  csv: (filters: AlertaReportFilters, sort: ReportSortState<AlertaSortColumn>, lang: string, token: string, timeZone?: string) =>
    `${REPORTS_BASE}/alertas.csv${queryString([
      ['sortBy', sort.sortBy],
      ['sortOrder', sort.sortOrder],
      ...alertaFilterEntries(filters),
      ['lang', lang],
      ['tz', timeZone],
      ['token', token],
    ])}`,
  acknowledge: (alertaid: number) => `/alerts/${alertaid}/acknowledge`,
  acknowledgeMatching: () => '/alerts/acknowledge',
};
