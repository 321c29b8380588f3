/** SWR keys of a user's company grants (`/api/sense/usuarios/:usuarioid/accesos`, issue 32). */
export const userAccessKeys = {
  of: (usuarioid: number) => ['user-access', usuarioid] as const,
  save: (usuarioid: number) => ['user-access', usuarioid, 'save'] as const,
};

export const userAccessPaths = {
  of: (usuarioid: number) => `/sense/usuarios/${usuarioid}/accesos`,
};
