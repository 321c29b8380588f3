import { REPORT_PAGE_SIZE } from '@camposense/domain';
import type { AlertaReportFilters, AlertaSortColumn, MensajeReportFilters, MensajeSortColumn, SortDirection } from '@camposense/domain';

export interface ReportSortState<Column extends string> {
  sortBy: Column;
  sortOrder: SortDirection;
}

export interface AlertasReportParams extends AlertaReportFilters, ReportSortState<AlertaSortColumn> {
  page: number;
  /** The cursor of the page (`pagination.next` of the one before): asked instead of the page number. */
  after?: string | undefined;
}

export interface MensajesReportParams extends MensajeReportFilters, ReportSortState<MensajeSortColumn> {
  page: number;
  after?: string | undefined;
}

export const REPORTS_BASE = '/sense/reports';

/** Query string of the set values only, in a fixed order, so equal requests share one SWR key. */
function query(entries: [string, string | number | null | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function alertaFilterEntries(filters: AlertaReportFilters): [string, string | number | null | undefined][] {
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

function mensajeFilterEntries(filters: MensajeReportFilters): [string, string | number | null | undefined][] {
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

/** SWR keys (and paths) of the report calls. */
export const reportKeys = {
  alertas: (params: AlertasReportParams) =>
    `${REPORTS_BASE}/alertas${query([
      // A page reached by Next is asked by its cursor: the API answers it at any depth.
      params.after ? ['after', params.after] : ['page', params.page],
      ['pageSize', REPORT_PAGE_SIZE],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortOrder],
      ...alertaFilterEntries(params),
    ])}`,
  alertaFilterOptions: (filters: Pick<AlertaReportFilters, 'paisId' | 'empresaId' | 'fundoId'>) =>
    `${REPORTS_BASE}/alertas/filtros${query([
      ['paisId', filters.paisId],
      ['empresaId', filters.empresaId],
      ['fundoId', filters.fundoId],
    ])}`,
  mensajes: (params: MensajesReportParams) =>
    `${REPORTS_BASE}/mensajes${query([
      params.after ? ['after', params.after] : ['page', params.page],
      ['pageSize', REPORT_PAGE_SIZE],
      ['sortBy', params.sortBy],
      ['sortOrder', params.sortOrder],
      ...mensajeFilterEntries(params),
    ])}`,
  mensajeFilterOptions: () => `${REPORTS_BASE}/mensajes/filtros`,
  alertasCsv: (filters: AlertaReportFilters, sort: ReportSortState<AlertaSortColumn>, lang: string, token: string, timeZone?: string) =>
    `${REPORTS_BASE}/alertas.csv${query([
      ['sortBy', sort.sortBy],
      ['sortOrder', sort.sortOrder],
      ...alertaFilterEntries(filters),
      ['lang', lang],
      ['tz', timeZone],
      ['token', token],
    ])}`,
  mensajesCsv: (filters: MensajeReportFilters, sort: ReportSortState<MensajeSortColumn>, lang: string, token: string, timeZone?: string) =>
    `${REPORTS_BASE}/mensajes.csv${query([
      ['sortBy', sort.sortBy],
      ['sortOrder', sort.sortOrder],
      ...mensajeFilterEntries(filters),
      ['lang', lang],
      ['tz', timeZone],
      ['token', token],
    ])}`,
  downloadToken: (report: 'alertas' | 'mensajes') => `${REPORTS_BASE}/download-token?report=${report}`,
};
