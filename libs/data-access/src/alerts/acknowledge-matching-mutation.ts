import type { AcknowledgeMatchingBody, AcknowledgeMatchingResult, AlertaReportFilters } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { alertKeys, alertPaths } from './keys';

/**
 * Acknowledges every active alert the report's filters select, on all pages (POST /api/alerts/acknowledge);
 * the state filter is not sent: only active alerts are acknowledged.
 */
export function useAcknowledgeMatchingMutation() {
  return useSWRMutation(alertKeys.acknowledgeMatching(), (_key, { arg: filters }: { arg: Omit<AlertaReportFilters, 'estado'> }) => {
    // The screen's filters hold null for "any"; the contract's body leaves those out.
    const given = Object.fromEntries(Object.entries(filters).filter(([key, value]) => key !== 'estado' && value != null));
    const body = { ...given, confirmar: true } as AcknowledgeMatchingBody;
    return apiRequest<AcknowledgeMatchingResult>(alertPaths.acknowledgeMatching(), { method: 'POST', body });
  });
}
