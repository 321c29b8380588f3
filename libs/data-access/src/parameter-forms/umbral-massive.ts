import type { TableRow, UmbralMassiveRequest, UmbralMassiveResult, UmbralScopeResponse } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { thresholdKeys } from '../thresholds/keys';
import { combineWholeTables, useWholeTable } from './whole-tables';
import type { FormListsState } from './whole-tables';

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
  return useSWR<UmbralScopeResponse>(fundoId === null ? null : thresholdKeys.scope({ fundoId }), apiFetcher);
}

/**
 * `POST /api/sense/umbral/massive`: creates or replaces every band in one transaction (or, with
 * `dryRun`, only counts). After a real save, revalidates every thresholds listing and the
 * parameters' umbral and audit views.
 */
export function useSaveUmbralMassive(): (request: UmbralMassiveRequest) => Promise<UmbralMassiveResult> {
  const { mutate } = useSWRConfig();
  const revalidateUmbral = useRevalidateTable('umbral');
  const revalidateAudit = useRevalidateTable('audit_log_umbral');
  return useCallback(
    async (request: UmbralMassiveRequest) => {
      const result = await apiRequest<UmbralMassiveResult>('/sense/umbral/massive', { method: 'POST', body: request });
      if (!result.dryRun)
        await Promise.all([
          mutate((key) => typeof key === 'string' && key.startsWith(thresholdKeys.scopePrefix)),
          revalidateUmbral(),
          revalidateAudit(),
        ]);
      return result;
    },
    [mutate, revalidateUmbral, revalidateAudit],
  );
}
