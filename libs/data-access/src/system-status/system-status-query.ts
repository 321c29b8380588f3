import type { HealthResponse, PaginatedRows } from '@camposense/domain';
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { reportServerHealth } from '../client/connection';
import { useOngoingEpisodes } from '../episodes/episodes-query';
import { tableKeys, tablePaths } from '../tables/keys';
import { healthKeys, healthPaths } from './keys';

/** How many nodes there are: the `nodo` table's total, the same cache entry as its status view's total. */
const NODE_TOTAL = { page: 1, pageSize: 1 };

/**
 * The health check alone is still polled (a server that went away sends no event); the counts
 * follow the live stream (a new alert or an acknowledgement revalidates them).
 */
export const SYSTEM_STATUS_REFRESH_MS = 60_000;

export interface SystemStatus {
  online: boolean;
  sensors: number | null;
  /** "Alertas en curso": the episodes en curso (libs/domain/src/ongoing.ts), silent nodes included. */
  activeAlerts: number | null;
  /** When these figures were last read from the API. */
  lastUpdate: Date | null;
  isLoading: boolean;
}

/**
 * The figures of the sidebar's status card and the header: health, node count, active alerts.
 * Not `enabled`, nothing is asked (SWR's null keys) and every figure is null until it is.
 */
export function useSystemStatus({ enabled = true }: { enabled?: boolean } = {}): SystemStatus {
  const [lastUpdate, setLastUpdate] = useState<Date | null>(null);
  const onSuccess = useCallback(() => setLastUpdate(new Date()), []);
  const options = { onSuccess };
  const health = useSWR<HealthResponse>(enabled ? healthKeys.check() : null, () => apiFetcher(healthPaths.check()), { ...options, refreshInterval: SYSTEM_STATUS_REFRESH_MS });
  const sensors = useSWR<PaginatedRows>(enabled ? tableKeys.rows('nodo', NODE_TOTAL) : null, () => apiFetcher(tablePaths.rows('nodo', NODE_TOTAL)), options);
  const alerts = useOngoingEpisodes(options, enabled);
  const online = health.data?.status === 'ok' && !health.error;
  const answered = health.data !== undefined || health.error !== undefined;
  // The health check is one input of the console's one connection state (client/connection.ts).
  useEffect(() => {
    if (answered) reportServerHealth(online);
  }, [answered, online]);
  return {
    online,
    sensors: sensors.data?.pagination.total ?? null,
    activeAlerts: alerts.data?.episodios ?? null,
    lastUpdate,
    isLoading: health.isLoading || sensors.isLoading || alerts.isLoading,
  };
}
