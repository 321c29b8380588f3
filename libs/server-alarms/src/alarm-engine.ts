/**
 * The alarm engine's rules (alarms.md, "Thresholds are evaluated"), as a pure function over one
 * batch: which readings write alerts, which episodes open, which close. The ingest service reads
 * the state it needs and writes what this answers in the batch's transaction.
 */
import type { UmbralRow } from '@camposense/domain';

/** A reading's value and time, on its probe's metric, in the place its node stood. */
export interface ProbeReading {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
  fechaMs: number;
  medicion: number;
}

export interface EvaluatedReading extends ProbeReading {
  medicionid: number;
  /**
   * Not newer than the probe metric's latest stored value: a late arrival. It is alerted when it
   * breaks a threshold, but it neither opens nor closes an episode (the present decides those).
   */
  lateArrival: boolean;
}

export interface OpenEpisode {
  episodioid: number;
  /** Acknowledged (statusid -1): its later alerts arrive already processed. */
  acknowledged: boolean;
}

export interface ActiveThreshold extends UmbralRow {
  /** Its episode open before the batch, if any. */
  open: OpenEpisode | null;
}

export type EpisodeRef = { kind: 'existing'; episodioid: number } | { kind: 'new'; fechainicioMs: number };

export interface AlertToWrite {
  umbralid: number;
  medicionid: number;
  fechaMs: number;
  /** 1 active, -1 processed (its episode was acknowledged), 0 closed (its episode ended in this batch). */
  statusid: number;
  episode: EpisodeRef;
  /** The first alert of an episode this batch opened: the one notified at once. */
  opensEpisode: boolean;
}

export interface NewEpisode {
  umbralid: number;
  nodoid: number;
  criticidadid: number;
  fechainicioMs: number;
  /** Set when the episode also ended within the batch. */
  fechafinMs: number | null;
}

export interface Evaluation {
  alerts: AlertToWrite[];
  newEpisodes: NewEpisode[];
  /** Episodes open before the batch that a reading back inside the band ended. */
  closedEpisodes: Array<{ episodioid: number; fechafinMs: number }>;
  /** Thresholds with no episode that saw a reading inside the band: their older active alerts close. */
  settledWithoutEpisode: number[];
}

/** Whether `value` breaks [minimo, maximo]. */
export function breaks(threshold: Pick<ActiveThreshold, 'minimo' | 'maximo'>, value: number): boolean {
  return value < threshold.minimo || value > threshold.maximo;
}

function locationKey(reading: { nodoid: number; tipoid: number; metricaid: number; ubicacionid: number }): string {
  return `${reading.nodoid}:${reading.tipoid}:${reading.metricaid}:${reading.ubicacionid}`;
}

type EpisodeState =
  | { kind: 'none' }
  | { kind: 'existing'; episodioid: number; acknowledged: boolean }
  | { kind: 'new'; episode: NewEpisode };

/**
 * Walks each threshold's readings in time order. A breaking reading writes an alert in the open
 * episode, or opens one; a reading inside the band ends the open episode: its active alerts close.
 */
export function evaluateThresholds(readings: readonly EvaluatedReading[], thresholds: readonly ActiveThreshold[]): Evaluation {
  const byLocation = new Map<string, ActiveThreshold[]>();
  for (const threshold of thresholds) {
    const key = locationKey(threshold);
    byLocation.set(key, [...(byLocation.get(key) ?? []), threshold]);
  }
  const ordered = [...readings].sort((left, right) => left.fechaMs - right.fechaMs || left.medicionid - right.medicionid);

  const evaluation: Evaluation = { alerts: [], newEpisodes: [], closedEpisodes: [], settledWithoutEpisode: [] };
  const settled = new Set<number>();
  const states = new Map<number, EpisodeState>();
  const stateOf = (threshold: ActiveThreshold): EpisodeState =>
    states.get(threshold.umbralid) ??
    (threshold.open
      ? { kind: 'existing', episodioid: threshold.open.episodioid, acknowledged: threshold.open.acknowledged }
      : { kind: 'none' });

  // Alerts of new episodes that close in the batch are written closed: remember them by episode.
  const alertsOfNewEpisode = new Map<NewEpisode, AlertToWrite[]>();
  // Late breaking readings with no episode open: a run of them is a past episode, already over.
  const lateRuns = new Map<number, NewEpisode>();

  for (const reading of ordered) {
    for (const threshold of byLocation.get(locationKey(reading)) ?? []) {
      const state = stateOf(threshold);
      const broken = breaks(threshold, reading.medicion);
      if (reading.lateArrival) {
        if (!broken) {
          lateRuns.delete(threshold.umbralid);
          continue;
        }
        // Every breaking reading is alerted with it (alarms.md), a late one too. With no episode
        // open it belongs to a past one that the present already ended: written closed, and told
        // to nobody, since what it reports is over.
        if (state.kind === 'none') {
          let past = lateRuns.get(threshold.umbralid);
          if (past) past.fechafinMs = reading.fechaMs;
          else {
            past = {
              umbralid: threshold.umbralid,
              nodoid: threshold.nodoid,
              criticidadid: threshold.criticidadid,
              fechainicioMs: reading.fechaMs,
              fechafinMs: reading.fechaMs,
            };
            lateRuns.set(threshold.umbralid, past);
            evaluation.newEpisodes.push(past);
          }
          evaluation.alerts.push({
            umbralid: threshold.umbralid,
            medicionid: reading.medicionid,
            fechaMs: reading.fechaMs,
            statusid: 0,
            episode: { kind: 'new', fechainicioMs: past.fechainicioMs },
            opensEpisode: false,
          });
          continue;
        }
        const alert: AlertToWrite = {
          umbralid: threshold.umbralid,
          medicionid: reading.medicionid,
          fechaMs: reading.fechaMs,
          statusid: state.kind === 'existing' && state.acknowledged ? -1 : 1,
          episode:
            state.kind === 'existing'
              ? { kind: 'existing', episodioid: state.episodioid }
              : { kind: 'new', fechainicioMs: state.episode.fechainicioMs },
          opensEpisode: false,
        };
        evaluation.alerts.push(alert);
        if (state.kind === 'new') alertsOfNewEpisode.get(state.episode)?.push(alert);
        continue;
      }
      if (broken) {
        if (state.kind === 'none') {
          const episode: NewEpisode = {
            umbralid: threshold.umbralid,
            nodoid: threshold.nodoid,
            criticidadid: threshold.criticidadid,
            fechainicioMs: reading.fechaMs,
            fechafinMs: null,
          };
          evaluation.newEpisodes.push(episode);
          const alert: AlertToWrite = {
            umbralid: threshold.umbralid,
            medicionid: reading.medicionid,
            fechaMs: reading.fechaMs,
            statusid: 1,
            episode: { kind: 'new', fechainicioMs: reading.fechaMs },
            opensEpisode: true,
          };
          evaluation.alerts.push(alert);
          alertsOfNewEpisode.set(episode, [alert]);
          states.set(threshold.umbralid, { kind: 'new', episode });
        } else if (state.kind === 'existing') {
          evaluation.alerts.push({
            umbralid: threshold.umbralid,
            medicionid: reading.medicionid,
            fechaMs: reading.fechaMs,
            statusid: state.acknowledged ? -1 : 1,
            episode: { kind: 'existing', episodioid: state.episodioid },
            opensEpisode: false,
          });
          states.set(threshold.umbralid, state);
        } else {
          const alert: AlertToWrite = {
            umbralid: threshold.umbralid,
            medicionid: reading.medicionid,
            fechaMs: reading.fechaMs,
            statusid: 1,
            episode: { kind: 'new', fechainicioMs: state.episode.fechainicioMs },
            opensEpisode: false,
          };
          evaluation.alerts.push(alert);
          alertsOfNewEpisode.get(state.episode)?.push(alert);
        }
        continue;
      }
      // Back inside [minimo, maximo]: the episode ends.
      if (state.kind === 'existing') {
        evaluation.closedEpisodes.push({ episodioid: state.episodioid, fechafinMs: reading.fechaMs });
        // Alerts this batch wrote for it close with it (the update of older ones runs first).
        for (const alert of evaluation.alerts) {
          if (alert.episode.kind === 'existing' && alert.episode.episodioid === state.episodioid && alert.statusid === 1) {
            alert.statusid = 0;
          }
        }
      } else if (state.kind === 'new') {
        state.episode.fechafinMs = reading.fechaMs;
        for (const alert of alertsOfNewEpisode.get(state.episode) ?? []) if (alert.statusid === 1) alert.statusid = 0;
      } else if (!settled.has(threshold.umbralid)) {
        settled.add(threshold.umbralid);
        evaluation.settledWithoutEpisode.push(threshold.umbralid);
      }
      states.set(threshold.umbralid, { kind: 'none' });
    }
  }
  return evaluation;
}
