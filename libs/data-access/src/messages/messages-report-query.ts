import type { MensajeFilterOptions, MensajeReportPage } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { messageKeys, messagePaths } from './keys';
import type { MensajesReportParams } from './keys';

/** One page of the messages report. */
export function useMensajesReport(params: MensajesReportParams) {
  return useSWR<MensajeReportPage>(messageKeys.report(params), ([, , query]: readonly [string, string, Partial<MensajesReportParams>]) => apiFetcher(messagePaths.report(query)), {
    keepPreviousData: true,
  });
}

/** The contacts and channels for the messages filter panel. */
export function useMensajeFilterOptions() {
  return useSWR<MensajeFilterOptions>(messageKeys.filterOptions(), () => apiFetcher(messagePaths.filterOptions()));
}
