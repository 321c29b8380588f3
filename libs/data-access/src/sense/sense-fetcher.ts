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

/**
 * The same rule, with the list asked beside the check rather than after it: the two leave in one
 * round trip (the dashboard's early reads, issue 30). A server without the schema answers the list
 * with an error, which is dropped: the list is empty.
 */
export async function senseListBesideDetect<T>(path: string): Promise<T[]> {
  const list = apiFetcher<T[]>(path);
  list.catch(() => undefined);
  const { available } = await detectSense();
  return available ? list : [];
}
