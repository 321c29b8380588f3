/** SWR keys of the user-profile pairs' own calls; their rows are the `usuarioperfil` table's (tables/keys.ts). */
export const userProfileKeys = {
  assign: () => ['user-profiles', 'assign'] as const,
};

export const userProfilePaths = {
  assign: () => '/sense/usuarioperfil/assign',
};
