import { apiFetcher } from '../client/api-client';
import { detectSense } from './detect';

/**
 * Lists from the sense schema: when the server does not offer it (or the check fails) the spec
 * falls back to empty lists instead of errors.
 */
export async function senseListFetcher<T>(path: string): Promise<T[]> {
  const { available } = await detectSense();
  if (!available) return [];
  return apiFetcher<T[]>(path);
}
