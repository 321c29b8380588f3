import type { AcknowledgeEpisodeResult } from '@camposense/domain';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { nodeKeys } from '../nodes/keys';
import { episodeKeys, episodePaths } from './keys';

export interface AcknowledgeEpisodeArg {
  episodioid: number;
  nota?: string | undefined;
}

/**
 * Acknowledges an episode by its id (POST /api/episodes/{episodioid}/acknowledge): a no-data
 * episode has no alert to name it. Resolves once the node list (which marks a silent node's
 * episode) is asked again; the rest comes back through the live stream (`acknowledged`).
 */
export function useAcknowledgeEpisodeMutation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(episodeKeys.acknowledge(), async (_key, { arg }: { arg: AcknowledgeEpisodeArg }) => {
    const result = await apiRequest<AcknowledgeEpisodeResult>(episodePaths.acknowledge(arg.episodioid), { method: 'POST', body: arg.nota ? { nota: arg.nota } : {} });
    await mutate(nodeKeys.located());
    return result;
  });
}
