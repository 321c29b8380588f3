/** SWR keys of the ingest keys gateways send readings with (admins only). */
export const ingestKeyKeys = {
  all: ['ingest-keys'] as const,
  list: () => ['ingest-keys', 'list'] as const,
  create: () => ['ingest-keys', 'create'] as const,
  revoke: () => ['ingest-keys', 'revoke'] as const,
};

export const ingestKeyPaths = {
  list: () => '/ingest/keys',
  one: (claveingestaid: number) => `/ingest/keys/${claveingestaid}`,
};
