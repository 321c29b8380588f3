/**
 * `GET /api/episodes?nodoId=…` (or `ubicacionId=…`): the open alarm episodes of a node or a
 * location (alarms.md), for the dashboard's charts, which mark when an episode of their metric
 * began and the band it broke.
 */
export interface OpenEpisode {
  episodioid: number;
  /** 'umbral': a threshold's breaking readings; 'sindatos': the node's silence. */
  tipo: 'umbral' | 'sindatos';
  nodoid: number;
  /** The threshold broken; null for a no-data episode (and so its metric, probe and band). */
  umbralid: number | null;
  metricaid: number | null;
  tipoid: number | null;
  minimo: number | null;
  maximo: number | null;
  criticidad: string;
  /** 1 is the most severe. */
  grado: number;
  /** The first breaking reading's time (or when the silence began), ISO 8601. */
  fechainicio: string;
  /** 1 active, -1 acknowledged (still open: its readings still break the threshold). */
  statusid: 1 | -1;
  /** When it was acknowledged, ISO 8601; null while active. */
  fechareconocido: string | null;
}

export interface OpenEpisodesResponse {
  episodes: OpenEpisode[];
}
