import type { PaginatedRows, ReplicateResult, TableRow, UsuarioPerfilAssignRequest, UsuarioPerfilPair } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';
import { useRevalidateTable } from '../table-rows/table-rows';
import { parameterFormKeys } from './keys';

/** What the user-profile assignment form lists: every user, every profile and every assigned pair. */
export interface ProfileAssignmentData {
  usuarios: TableRow[];
  perfiles: TableRow[];
  pairs: UsuarioPerfilPair[];
}

const rowsOf = (page: PaginatedRows | undefined) => page?.data;

/**
 * The users, profiles and `usuarioperfil` pairs the assignment form shows, read whole (up to the
 * API's page limit) so both lists can be searched as one types. One `data` once all three answered;
 * after a write the lists on show stay until the new ones arrive (the revalidation drops them from the cache).
 */
export function useProfileAssignments() {
  const usuarios = useSWR<PaginatedRows>(parameterFormKeys.allRows('usuario'), apiFetcher, { keepPreviousData: true });
  const perfiles = useSWR<PaginatedRows>(parameterFormKeys.allRows('perfil'), apiFetcher, { keepPreviousData: true });
  const pairs = useSWR<PaginatedRows>(parameterFormKeys.allRows('usuarioperfil'), apiFetcher, { keepPreviousData: true });
  const usuarioRows = rowsOf(usuarios.data);
  const perfilRows = rowsOf(perfiles.data);
  const pairRows = rowsOf(pairs.data);
  const data: ProfileAssignmentData | undefined =
    usuarioRows && perfilRows && pairRows
      ? {
          usuarios: usuarioRows,
          perfiles: perfilRows,
          pairs: pairRows.map((row) => ({ usuarioid: Number(row['usuarioid']), perfilid: Number(row['perfilid']) })),
        }
      : undefined;
  const retry = useCallback(() => {
    void usuarios.mutate();
    void perfiles.mutate();
    void pairs.mutate();
  }, [usuarios, perfiles, pairs]);
  return {
    data,
    error: usuarios.error ?? perfiles.error ?? pairs.error,
    isValidating: usuarios.isValidating || perfiles.isValidating || pairs.isValidating,
    retry,
  };
}

/**
 * `POST /api/sense/usuarioperfil/assign`: every chosen user with every chosen profile, in one
 * transaction; pairs that existed come back in `skipped`. Revalidates what reads `usuarioperfil`, as every write does (useRevalidateTable).
 */
export function useAssignProfiles() {
  const revalidate = useRevalidateTable('usuarioperfil');
  return useCallback(
    async (request: UsuarioPerfilAssignRequest) => {
      const result = await apiRequest<ReplicateResult<UsuarioPerfilPair>>(parameterFormKeys.usuarioPerfilAssign(), { method: 'POST', body: request });
      await revalidate();
      return result;
    },
    [revalidate],
  );
}
