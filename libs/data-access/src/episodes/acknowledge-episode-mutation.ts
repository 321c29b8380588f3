import type { AcknowledgeEpisodeResult } from '@camposense/domain';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { episodeKeys, episodePaths } from './keys';

export interface AcknowledgeEpisodeArg {
  episodioid: number;
  nota?: string | undefined;
}

/**
 * Acknowledges an episode by its id (POST /api/episodes/{episodioid}/acknowledge): a no-data
 * episode has no alert to name it. What it changes comes back through the live stream
 * (`acknowledged`); the screen asks again what it shows itself.
 */
export function useAcknowledgeEpisodeMutation() {
  return useSWRMutation(episodeKeys.acknowledge(), async (_key, { arg }: { arg: AcknowledgeEpisodeArg }) => {
    await apiRequest<AcknowledgeEpisodeResult>(episodePaths.acknowledge(arg.episodioid), { method: 'POST', body: arg.nota ? { nota: arg.nota } : {} });
  });
}
