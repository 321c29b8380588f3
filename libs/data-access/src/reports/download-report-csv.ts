import type { AlertaReportFilters, AlertaSortColumn, MensajeReportFilters, MensajeSortColumn, ReportDownloadToken } from '@camposense/domain';
import { apiRequest } from '../client/api-client';
import { followDownloadLink } from '../client/download-link';
import { alertPaths } from '../alerts/keys';
import { messagePaths } from '../messages/keys';
import { REPORTS_BASE } from './query-string';
import type { ReportSortState } from './query-string';

/** `timeZone`: the IANA zone the screen shows (useDisplayTimeZone); the CSV's dates are written in it, with their offset. */
export type ReportCsvRequest =
  | { report: 'alertas'; filters: AlertaReportFilters; sort: ReportSortState<AlertaSortColumn>; lang: string; timeZone: string }
  | { report: 'mensajes'; filters: MensajeReportFilters; sort: ReportSortState<MensajeSortColumn>; lang: string; timeZone: string };

/** The one-minute token a report's CSV link carries. */
export const reportDownloadTokenPath = (report: 'alertas' | 'mensajes') => `${REPORTS_BASE}/download-token?report=${report}`;

/**
 * Exports what the report's filters select (every page) as CSV. A link cannot send the bearer
 * token, so a one-minute download token is asked first (with the bearer) and put in the link.
 * A download, not a write: nothing in the cache changes.
 */
export async function downloadReportCsv(request: ReportCsvRequest): Promise<void> {
  const { token } = await apiRequest<ReportDownloadToken>(reportDownloadTokenPath(request.report));
  // The API knows the two languages of the console; a regional tag (`en-US`) is its language.
  const lang = request.lang.startsWith('en') ? 'en' : 'es';
  followDownloadLink(
    request.report === 'alertas'
      ? alertPaths.csv(request.filters, request.sort, lang, token, request.timeZone)
      : messagePaths.csv(request.filters, request.sort, lang, token, request.timeZone),
  );
}
