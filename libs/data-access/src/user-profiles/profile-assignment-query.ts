import type { TableRow, UsuarioPerfilPair } from '@camposense/domain';
import { combineWholeTables, useWholeTable } from '../tables/rows-query';
import type { FormListsState } from '../tables/rows-query';

/** What the user-profile assignment form lists: every user, every profile and every assigned pair. */
export interface ProfileAssignmentData {
  usuarios: TableRow[];
  perfiles: TableRow[];
  pairs: UsuarioPerfilPair[];
}

/**
 * The users, profiles and `usuarioperfil` pairs the assignment form shows, read whole (up to the
 * API's page limit) so both lists can be searched as one types. One `data` once all three answered.
 */
export function useProfileAssignments(): FormListsState<ProfileAssignmentData> {
  const lists = combineWholeTables({ usuarios: useWholeTable('usuario'), perfiles: useWholeTable('perfil'), pairs: useWholeTable('usuarioperfil') });
  const data = lists.data && { ...lists.data, pairs: lists.data.pairs.map((row) => ({ usuarioid: Number(row['usuarioid']), perfilid: Number(row['perfilid']) })) };
  return { ...lists, data };
}

