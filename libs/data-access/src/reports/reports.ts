import type {
  AcknowledgeAnswer,
  AcknowledgeEpisodeResult,
  AcknowledgeMatchingBody,
  AcknowledgeMatchingResult,
  AlertaFilterOptions,
  AlertaReportFilters,
  AlertaReportPage,
  AlertaSortColumn,
  MensajeFilterOptions,
  MensajeReportFilters,
  MensajeReportPage,
  MensajeSortColumn,
  ReportDownloadToken,
} from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { followDownloadLink } from '../client/download-link';
import { reportKeys } from './keys';
import type { AlertasReportParams, MensajesReportParams, ReportSortState } from './keys';

/** One page of the alerts report; filters and sort are applied by the API. */
export function useAlertasReport(params: AlertasReportParams) {
  // The previous page stays on screen while the next one loads, so paging does not flash a spinner.
  return useSWR<AlertaReportPage>(reportKeys.alertas(params), apiFetcher, { keepPreviousData: true });
}

/** One page of the messages report. */
export function useMensajesReport(params: MensajesReportParams) {
  return useSWR<MensajeReportPage>(reportKeys.mensajes(params), apiFetcher, { keepPreviousData: true });
}

/** The criticalities, and the locations of the global selection, for the alerts filter panel. */
export function useAlertaFilterOptions(filters: Pick<AlertaReportFilters, 'paisId' | 'empresaId' | 'fundoId'>) {
  return useSWR<AlertaFilterOptions>(reportKeys.alertaFilterOptions(filters), apiFetcher);
}

/** The contacts and channels for the messages filter panel. */
export function useMensajeFilterOptions() {
  return useSWR<MensajeFilterOptions>(reportKeys.mensajeFilterOptions(), apiFetcher);
}

/** `timeZone`: the IANA zone the screen shows (useDisplayTimeZone); the CSV's dates are written in it, with their offset. */
export type ReportCsvRequest =
  | { report: 'alertas'; filters: AlertaReportFilters; sort: ReportSortState<AlertaSortColumn>; lang: string; timeZone: string }
  | { report: 'mensajes'; filters: MensajeReportFilters; sort: ReportSortState<MensajeSortColumn>; lang: string; timeZone: string };

/**
 * Exports what the report's filters select (every page) as CSV. A link cannot send the bearer
 * token, so a one-minute download token is asked first (with the bearer) and put in the link.
 */
export async function downloadReportCsv(request: ReportCsvRequest): Promise<void> {
  const { token } = await apiRequest<ReportDownloadToken>(reportKeys.downloadToken(request.report));
  // The API knows the two languages of the console; a regional tag (`en-US`) is its language.
  const lang = request.lang.startsWith('en') ? 'en' : 'es';
  followDownloadLink(
    request.report === 'alertas'
      ? reportKeys.alertasCsv(request.filters, request.sort, lang, token, request.timeZone)
      : reportKeys.mensajesCsv(request.filters, request.sort, lang, token, request.timeZone),
  );
}

/**
 * Acknowledges the alert's episode (POST /api/alerts/{alertaid}/acknowledge): its active alerts
 * become processed. Answers how many it took, who (by name) and when.
 */
export async function acknowledgeAlert(alertaid: number, nota?: string): Promise<AcknowledgeAnswer> {
  return apiRequest<AcknowledgeAnswer>(`/alerts/${alertaid}/acknowledge`, { method: 'POST', body: nota ? { nota } : {} });
}

/** Acknowledges an episode by its id (POST /api/episodes/{episodioid}/acknowledge): a no-data episode has no alert to name it. */
export async function acknowledgeEpisode(episodioid: number, nota?: string): Promise<void> {
  await apiRequest<AcknowledgeEpisodeResult>(`/episodes/${episodioid}/acknowledge`, { method: 'POST', body: nota ? { nota } : {} });
}

/**
 * Acknowledges every active alert the report's filters select, on all pages (POST /api/alerts/acknowledge);
 * the state filter is not sent: only active alerts are acknowledged.
 */
export async function acknowledgeMatchingAlerts(filters: Omit<AlertaReportFilters, 'estado'>): Promise<AcknowledgeMatchingResult> {
  // The screen's filters hold null for "any"; the contract's body leaves those out.
  const given = Object.fromEntries(Object.entries(filters).filter(([key, value]) => key !== 'estado' && value != null));
  const body = { ...given, confirmar: true } as AcknowledgeMatchingBody;
  return apiRequest<AcknowledgeMatchingResult>('/alerts/acknowledge', { method: 'POST', body });
}
