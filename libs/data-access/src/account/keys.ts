/** SWR keys of the signed-in account: who it is (`/api/auth/me`). */
export const accountKeys = {
  all: ['account'] as const,
  me: () => ['account', 'me'] as const,
};

export const accountPaths = {
  me: () => '/auth/me',
};
