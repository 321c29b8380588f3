/** Whose open episodes: a node's, else a location's. */
export interface EpisodeScope {
  nodoId?: number | null;
  ubicacionId?: number | null;
}

/**
 * SWR keys of the alarm episodes: `['episodes', 'open', scope]` the open episodes the charts mark,
 * `['episodes', 'ongoing']` the header's "Alertas en curso" (GET /api/sense/en-curso,
 * libs/domain/src/ongoing.ts). A `null` key while no node nor location is chosen.
 */
export const episodeKeys = {
  all: ['episodes'] as const,
  open: (scope: EpisodeScope | null) => {
    if (scope?.nodoId != null) return ['episodes', 'open', { nodoId: scope.nodoId }] as const;
    if (scope?.ubicacionId != null) return ['episodes', 'open', { ubicacionId: scope.ubicacionId }] as const;
    return null;
  },
  ongoing: () => ['episodes', 'ongoing'] as const,
  acknowledge: () => ['episodes', 'acknowledge'] as const,
};

export const episodePaths = {
  open: ({ nodoId, ubicacionId }: EpisodeScope) => (nodoId != null ? `/episodes?nodoId=${nodoId}` : `/episodes?ubicacionId=${ubicacionId}`),
  ongoing: () => '/sense/en-curso',
  acknowledge: (episodioid: number) => `/episodes/${episodioid}/acknowledge`,
};
