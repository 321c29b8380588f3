import type { AcknowledgeAnswer } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { alertKeys, alertPaths } from './keys';

export interface AcknowledgeAlertArg {
  alertaid: number;
  nota?: string | undefined;
}

/**
 * Acknowledges the alert's episode (POST /api/alerts/{alertaid}/acknowledge): its active alerts
 * become processed. Answers how many it took, who (by name) and when.
 */
export function useAcknowledgeAlertMutation() {
  return useSWRMutation(alertKeys.acknowledge(), (_key, { arg }: { arg: AcknowledgeAlertArg }) =>
    apiRequest<AcknowledgeAnswer>(alertPaths.acknowledge(arg.alertaid), { method: 'POST', body: arg.nota ? { nota: arg.nota } : {} }),
  );
}
