import type {
  MeResponse,
  Rol,
  UmbralAuditEntry,
  UmbralPerfilesResponse,
  UmbralRow,
  UmbralPreviewResponse,
  UmbralScopeFilters,
  UmbralScopeResponse,
  SeriesResponse,
} from '@camposense/domain';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetcher, apiRequest, apiRequestVersioned } from '../client/api-client';
import type { Versioned } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { thresholdKeys } from './keys';
import type { ThresholdPreviewRequest, ThresholdSeriesRequest } from './keys';

/** A criticidad as the thresholds tab reads it. */
export interface CriticidadOption {
  criticidadid: number;
  criticidad: string;
  grado: number;
  statusid: number;
}

/** A profile that can be told. */
export interface PerfilOption {
  perfilid: number;
  perfil: string;
  nivel: number;
  statusid: number;
}

/** The editable columns of a threshold. */
export interface UmbralChanges {
  umbral?: string;
  minimo?: number;
  maximo?: number;
  criticidadid?: number;
  statusid?: number;
}

/** A new threshold for a place without one: a stored threshold's fields but its id, named, with a status. */
export interface NewUmbral extends Omit<UmbralRow, 'umbralid'> {
  umbral: string;
  statusid: number;
}

export const THRESHOLD_CHANGES_LIMIT = 20;

export function useThresholdScope(filters: UmbralScopeFilters) {
  return useSWR<UmbralScopeResponse>(thresholdKeys.scope(filters), apiFetcher);
}

export function useThresholdChanges(filters: UmbralScopeFilters) {
  return useSWR<UmbralAuditEntry[]>(thresholdKeys.changes(filters, THRESHOLD_CHANGES_LIMIT), apiFetcher);
}

/** Keeps the last answer while a new band is counted, so the figures do not flicker. */
export function useThresholdPreview(request: ThresholdPreviewRequest | null) {
  return useSWR<UmbralPreviewResponse>(thresholdKeys.preview(request), apiFetcher, { keepPreviousData: true });
}

/** The threshold as stored, with the entity tag its update must send (null: none to edit). */
export function useThresholdVersion(umbralId: number | null) {
  return useSWR<Versioned<UmbralChanges & { umbralid: number }>>(thresholdKeys.version(umbralId), () =>
    apiRequestVersioned<UmbralChanges & { umbralid: number }>(`/sense/umbral/${umbralId}`),
  );
}

export function useThresholdHistory(umbralId: number | null) {
  return useSWR<UmbralAuditEntry[]>(thresholdKeys.history(umbralId), apiFetcher);
}

export function useThresholdSeries(request: ThresholdSeriesRequest | null) {
  return useSWR<SeriesResponse>(thresholdKeys.series(request), apiFetcher);
}

export function useCriticidades() {
  return useSWR<CriticidadOption[]>(thresholdKeys.criticidades(), apiFetcher);
}

export function usePerfiles() {
  return useSWR<PerfilOption[]>(thresholdKeys.perfiles(), apiFetcher);
}

/** The signed-in user's role from `/api/auth/me`; null while unknown. */
export function useSessionRole(): Rol | null {
  const { data } = useSWR<MeResponse>(thresholdKeys.me(), apiFetcher);
  return data?.user.user_metadata.rol ?? null;
}

/**
 * The thresholds tab's writes. Each one revalidates, through the key factory, the listings of
 * the tab and everything about the threshold it touched (preview, history).
 */
export function useThresholdMutations() {
  const { mutate } = useSWRConfig();
  // The same rows as the parameters area shows them (its umbral, perfilumbral and audit views,
  // threshold names in its selects): the parameters' after-write rule, so none shows them stale.
  const revalidateUmbral = useRevalidateTable('umbral');
  const revalidateProfiles = useRevalidateTable('perfilumbral');
  const revalidateAudit = useRevalidateTable('audit_log_umbral');

  const revalidate = useCallback(
    (umbralId: number) =>
      Promise.all([
        mutate(
          (key) =>
            typeof key === 'string' && (key.startsWith(thresholdKeys.scopePrefix) || key.startsWith(thresholdKeys.umbralPrefix(umbralId))),
        ),
        revalidateUmbral(),
        revalidateProfiles(),
        revalidateAudit(),
      ]),
    [mutate, revalidateUmbral, revalidateProfiles, revalidateAudit],
  );

  /** With `etag`, a row someone else changed meanwhile is refused (ApiError 412) instead of overwritten. */
  const update = useCallback(
    async (umbralId: number, changes: UmbralChanges, etag?: string | null) => {
      const row = await apiRequest<{ umbralid: number }>(`/sense/umbral/${umbralId}`, { method: 'PUT', body: changes, ifMatch: etag ?? null });
      await revalidate(umbralId);
      return row;
    },
    [revalidate],
  );

  const setProfiles = useCallback(
    async (umbralId: number, perfilids: number[]) => {
      const answer = await apiRequest<UmbralPerfilesResponse>(`/sense/umbral/${umbralId}/perfiles`, {
        method: 'PUT',
        body: { perfilids },
      });
      await revalidate(umbralId);
      return answer;
    },
    [revalidate],
  );

  /** Creates the threshold, then its profiles: one step for the person. */
  const create = useCallback(
    async (row: NewUmbral, perfilids: number[]) => {
      const created = await apiRequest<{ umbralid: number }>('/sense/umbral', { method: 'POST', body: row });
      if (perfilids.length > 0) {
        await apiRequest<UmbralPerfilesResponse>(`/sense/umbral/${created.umbralid}/perfiles`, { method: 'PUT', body: { perfilids } });
      }
      await revalidate(created.umbralid);
      return created;
    },
    [revalidate],
  );

  return useMemo(() => ({ update, setProfiles, create }), [update, setProfiles, create]);
}
