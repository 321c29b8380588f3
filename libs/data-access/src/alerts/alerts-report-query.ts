import type { AlertaFilterOptions, AlertaReportPage } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { alertKeys, alertPaths } from './keys';
import type { AlertaScopeFilters, AlertasReportParams } from './keys';

/** One page of the alerts report; filters and sort are applied by the API. */
export function useAlertasReport(params: AlertasReportParams) {
  // The previous page stays on screen while the next one loads, so paging does not flash a spinner.
  return useSWR<AlertaReportPage>(alertKeys.report(params), ([, , query]: readonly [string, string, Partial<AlertasReportParams>]) => apiFetcher(alertPaths.report(query)), {
    keepPreviousData: true,
  });
}

/** The criticalities, and the locations of the global selection, for the alerts filter panel. */
export function useAlertaFilterOptions(filters: AlertaScopeFilters) {
  return useSWR<AlertaFilterOptions>(alertKeys.filterOptions(filters), ([, , scope]: readonly [string, string, AlertaScopeFilters]) => apiFetcher(alertPaths.filterOptions(scope)));
}
