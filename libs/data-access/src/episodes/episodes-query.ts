import type { EnCursoResponse, OpenEpisodesResponse } from '@camposense/domain';
import useSWR from 'swr';
import type { SWRConfiguration } from 'swr';
import { apiFetcher } from '../client/api-client';
import { episodeKeys, episodePaths } from './keys';
import type { EpisodeScope } from './keys';

/**
 * The open episodes (active or acknowledged) of a node or a location, which the charts mark; asked
 * again when the live stream tells of alerts, acknowledgements, episodes or readings.
 */
export function useOpenEpisodes(scope: EpisodeScope | null) {
  return useSWR<OpenEpisodesResponse>(episodeKeys.open(scope), ([, , open]: readonly [string, string, EpisodeScope]) => apiFetcher(episodePaths.open(open)));
}

/** The header's "Alertas en curso": the episodes en curso, silent nodes included; not asked until `enabled`. */
export function useOngoingEpisodes(config?: SWRConfiguration<EnCursoResponse>, enabled = true) {
  return useSWR<EnCursoResponse>(enabled ? episodeKeys.ongoing() : null, () => apiFetcher(episodePaths.ongoing()), config);
}
