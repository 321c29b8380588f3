import type { UsuarioPerfilAssignRequest, UsuarioPerfilPair } from '@camposense/domain';
import { useLinkRowsMutation } from '../tables/link-rows-mutation';
import { userProfileKeys, userProfilePaths } from './keys';

/**
 * `POST /api/sense/usuarioperfil/assign`: every chosen user with every chosen profile, in one
 * transaction; pairs that existed come back in `skipped`. Revalidates what reads `usuarioperfil`, as every write does.
 */
export function useAssignProfilesMutation() {
  return useLinkRowsMutation<UsuarioPerfilAssignRequest, UsuarioPerfilPair>(userProfileKeys.assign(), 'usuarioperfil', userProfilePaths.assign());
}
