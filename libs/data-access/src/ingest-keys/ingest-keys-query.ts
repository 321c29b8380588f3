import type { IngestKey } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { ingestKeyKeys, ingestKeyPaths } from './keys';

/** The ingest keys gateways send readings with (none of the keys themselves, only their prefixes). */
export function useIngestKeys() {
  return useSWR<IngestKey[]>(ingestKeyKeys.list(), () => apiFetcher(ingestKeyPaths.list()));
}
