import type { CreatedIngestKey, IngestKey } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';

/** SWR key (and path) of the ingest keys: admins only. */
export const INGEST_KEYS_KEY = '/ingest/keys';

/** The ingest keys gateways send readings with (none of the keys themselves, only their prefixes). */
export function useIngestKeys() {
  return useSWR<IngestKey[]>(INGEST_KEYS_KEY, apiFetcher);
}

/** Creates a key named `nombre`; the answer carries the key itself, this once. */
export function createIngestKey(nombre: string): Promise<CreatedIngestKey> {
  return apiRequest<CreatedIngestKey>(INGEST_KEYS_KEY, { method: 'POST', body: { nombre } });
}

/** Revokes a key: its gateway's next batch is refused. */
export function revokeIngestKey(claveingestaid: number): Promise<unknown> {
  return apiRequest<unknown>(`${INGEST_KEYS_KEY}/${claveingestaid}`, { method: 'DELETE' });
}
