import { REPORT_PAGE_SIZE } from '@camposense/domain';
import type { MensajeReportFilters, MensajeSortColumn } from '@camposense/domain';
import { queryString, REPORTS_BASE, setValues } from '../reports/query-string';
import type { QueryEntries, ReportSortState } from '../reports/query-string';

export interface MensajesReportParams extends MensajeReportFilters, ReportSortState<MensajeSortColumn> {
  page: number;
  after?: string | undefined;
}

/**
 * SWR keys of the messages sent: `['messages', 'report', params]` a page of the report,
 * `['messages', 'filter-options']` its filter panel's contacts and channels. A live message makes
 * every key under `messageKeys.all` stale.
 */
export const messageKeys = {
  all: ['messages'] as const,
  report: (params: MensajesReportParams) => ['messages', 'report', setValues(params)] as const,
  filterOptions: () => ['messages', 'filter-options'] as const,
};

function mensajeFilterEntries(filters: MensajeReportFilters): QueryEntries {
  return [
    ['estado', filters.estado],
    ['contactoId', filters.contactoId],
    ['medioId', filters.medioId],
    ['desde', filters.desde],
    ['hasta', filters.hasta],
    ['paisId', filters.paisId],
    ['empresaId', filters.empresaId],
    ['fundoId', filters.fundoId],
  ];
}

export const messagePaths = {
  report: (params: Partial<MensajesReportParams>) =>
    `${REPORTS_BASE}/mensajes${queryString([
      params.after ? ['after', params.after] : ['page', params.page],
      ['pageSize', REPORT_PAGE_SIZE],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortOrder],
      ...mensajeFilterEntries(params),
    ])}`,
  filterOptions: () => `${REPORTS_BASE}/mensajes/filtros`,
  csv: (filters: MensajeReportFilters, sort: ReportSortState<MensajeSortColumn>, lang: string, token: string, timeZone?: string) =>
    `${REPORTS_BASE}/mensajes.csv${queryString([
      ['sortBy', sort.sortBy],
      ['sortOrder', sort.sortOrder],
      ...mensajeFilterEntries(filters),
      ['lang', lang],
      ['tz', timeZone],
      ['token', token],
    ])}`,
};
