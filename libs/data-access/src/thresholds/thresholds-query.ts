import type { TableRow, UmbralAuditEntry, UmbralPreviewResponse, UmbralScopeFilters, UmbralScopeResponse } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher, apiRequestVersioned } from '../client/api-client';
import type { Versioned } from '../client/api-client';
import { combineWholeTables, useLimitedRows, useWholeTable } from '../tables/rows-query';
import type { FormListsState } from '../tables/rows-query';
import { thresholdKeys, thresholdPaths } from './keys';
import type { ThresholdPreviewRequest } from './keys';
import type { CriticidadOption, PerfilOption, UmbralChanges } from './types';

export const THRESHOLD_CHANGES_LIMIT = 20;

const fetchScope = ([, , , filters]: readonly [string, string, string, UmbralScopeFilters]) => apiFetcher<UmbralScopeResponse>(thresholdPaths.scope(filters));

export function useThresholdScope(filters: UmbralScopeFilters) {
  return useSWR<UmbralScopeResponse>(thresholdKeys.scope(filters), fetchScope);
}

export function useThresholdChanges(filters: UmbralScopeFilters) {
  return useSWR<UmbralAuditEntry[]>(thresholdKeys.changes(filters, THRESHOLD_CHANGES_LIMIT), ([, , , chosen, limit]: readonly [string, string, string, UmbralScopeFilters, number]) =>
    apiFetcher(thresholdPaths.changes(chosen, limit)),
  );
}

/** Keeps the last answer while a new band is counted, so the figures do not flicker. */
export function useThresholdPreview(request: ThresholdPreviewRequest | null) {
  return useSWR<UmbralPreviewResponse>(
    thresholdKeys.preview(request),
    ([, , umbralId, , band]: readonly [string, string, number, string, Omit<ThresholdPreviewRequest, 'umbralId'>]) => apiFetcher(thresholdPaths.preview(umbralId, band)),
    { keepPreviousData: true },
  );
}

/** The threshold as stored, with the entity tag its update must send (null: none to edit). */
export function useThresholdVersion(umbralId: number | null) {
  return useSWR<Versioned<UmbralChanges & { umbralid: number }>>(thresholdKeys.version(umbralId), ([, , id]: readonly [string, string, number]) =>
    apiRequestVersioned<UmbralChanges & { umbralid: number }>(thresholdPaths.one(id)),
  );
}

export function useThresholdHistory(umbralId: number | null) {
  return useSWR<UmbralAuditEntry[]>(thresholdKeys.history(umbralId), ([, , id]: readonly [string, string, number]) => apiFetcher(thresholdPaths.history(id)));
}

/** The criticality levels a threshold can have. */
export function useCriticidades() {
  return useLimitedRows<CriticidadOption>('criticidad', 1000);
}

/** The profiles a threshold can tell. */
export function usePerfiles() {
  return useLimitedRows<PerfilOption>('perfil', 1000);
}

/** What the threshold massive form chooses from: farms, probe types (each of one entity), entities, criticality levels. */
export interface UmbralMassiveFormData {
  fundos: TableRow[];
  tipos: TableRow[];
  entidades: TableRow[];
  criticidades: TableRow[];
}

/** The massive form's lists, read whole, as one state. */
export function useUmbralMassiveForm(): FormListsState<UmbralMassiveFormData> {
  return combineWholeTables({
    fundos: useWholeTable('fundo'),
    tipos: useWholeTable('tipo'),
    entidades: useWholeTable('entidad'),
    criticidades: useWholeTable('criticidad'),
  });
}

/**
 * Every (location, node, probe, metric) of one farm with its thresholds: the thresholds tab's
 * scope call, so a save there or here refreshes both. Null farm: nothing asked.
 */
export function useUmbralMassiveScope(fundoId: number | null) {
  return useSWR<UmbralScopeResponse>(fundoId === null ? null : thresholdKeys.scope({ fundoId }), fetchScope);
}
