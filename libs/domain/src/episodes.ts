/**
 * `GET /api/episodes?nodoId=…` (or `ubicacionId=…`): the open alarm episodes of a node or a
 * location (alarms.md), for the dashboard's charts, which mark when an episode of their metric
 * began and the band it broke. The shapes are the contract's (contracts/alerts.ts).
 */
export type { OpenEpisode, OpenEpisodesResponse } from './contracts/alerts';
