/**
 * The live stream of a user who is not a platform admin carries only their companies' events
 * (issue 32): readings and radio news of the nodes placed in a granted location, alerts of the
 * granted thresholds, acknowledgements and messages of the granted alarms, silent nodes' episodes
 * of the granted nodes. An event that names nothing of theirs is not sent; one that names some of
 * theirs goes out with only those, counted as theirs.
 */
import type { Database } from '@camposense/db';
import { numberArray, runAsOwner } from '@camposense/db';
import { sql } from 'drizzle-orm';
import { grantedLocations, grantedNodes } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import { acknowledgedShare } from './event-bus';
import type { LiveEvent, NumberedEvent } from './event-bus';

/**
 * How often an open stream re-reads its grant's nodes and thresholds: a grant revoked, or a node
 * placed elsewhere, stops reaching a stream within this (a new stream reads them at once).
 */
export const STREAM_GRANT_REFRESH_MS = 5_000;

interface GrantedPlaces {
  nodes: ReadonlySet<number>;
  umbrales: ReadonlySet<number>;
}

/** What an alarm event names, looked up once per event for every stream (not once per stream). */
interface AlarmPlaces {
  episodes: ReadonlyMap<number, { umbralid: number | null; nodoid: number }>;
  alerts: ReadonlyMap<number, number>;
}

export interface GrantFilter {
  /** The event as this stream may see it, or null when it names nothing of the grant. */
  filter(event: NumberedEvent): Promise<NumberedEvent | null>;
  close(): void;
}

export function createAlarmLookup(database: Database): (event: NumberedEvent) => Promise<AlarmPlaces> {
  const looked = new WeakMap<NumberedEvent, Promise<AlarmPlaces>>();
  const lookup = async (event: NumberedEvent): Promise<AlarmPlaces> => {
    const episodes: number[] = [];
    const alerts: number[] = [];
    if (event.type === 'alerts') episodes.push(...event.closedEpisodes);
    if (event.type === 'acknowledged' || event.type === 'messages') if (event.episodioid !== null) episodes.push(event.episodioid);
    if (event.type === 'acknowledged' && event.alertaid !== null) alerts.push(event.alertaid);
    if (episodes.length === 0 && alerts.length === 0) return { episodes: new Map(), alerts: new Map() };
    const [episodeRows, alertRows] = await Promise.all([
      episodes.length === 0
        ? []
        : database.query<{ episodioid: number; umbralid: number | null; nodoid: number }>(
            sql`select episodioid, umbralid, nodoid from sense.episodio where episodioid = any(${numberArray(episodes)}::bigint[])`,
          ),
      alerts.length === 0
        ? []
        : database.query<{ alertaid: number; umbralid: number }>(sql`select alertaid, umbralid from sense.alerta where alertaid = any(${numberArray(alerts)}::bigint[])`),
    ]);
    return {
      episodes: new Map(episodeRows.map((row) => [Number(row.episodioid), { umbralid: row.umbralid, nodoid: row.nodoid }])),
      alerts: new Map(alertRows.map((row) => [Number(row.alertaid), row.umbralid])),
    };
  };
  return (event) => {
    let places = looked.get(event);
    if (!places) {
      // Shared by every stream that sees the event: looked up with the owner's role, or the first
      // stream's user's row-level security would decide what the others are told.
      places = runAsOwner(() => lookup(event));
      looked.set(event, places);
    }
    return places;
  };
}

export function createGrantFilter(database: Database, grant: () => Promise<Grant>, lookup: (event: NumberedEvent) => Promise<AlarmPlaces>): GrantFilter {
  let places: Promise<GrantedPlaces | null> | null = null;
  let readAt = 0;
  const read = async (): Promise<GrantedPlaces | null> => {
    const current = await grant();
    const locations = grantedLocations(current);
    const nodes = grantedNodes(current);
    if (!locations || !nodes) return null;
    const [row] = await database.query<{ nodes: number[]; umbrales: number[] }>(sql`
      select array(${nodes})::int[] as nodes,
             array(select gu.umbralid from sense.umbral gu where gu.ubicacionid in (${locations}))::int[] as umbrales`);
    return { nodes: new Set(row?.nodes ?? []), umbrales: new Set(row?.umbrales ?? []) };
  };
  const granted = () => {
    const now = Date.now();
    if (!places || now - readAt >= STREAM_GRANT_REFRESH_MS) {
      places = read();
      readAt = now;
    }
    return places;
  };
  // Read at once, so the first event does not wait for it.
  void granted().catch(() => undefined);

  return {
    async filter(event) {
      const mine = await granted();
      if (!mine) return event;
      const episodeMine = (episode: { umbralid: number | null; nodoid: number } | undefined) =>
        episode !== undefined && (episode.umbralid === null ? mine.nodes.has(episode.nodoid) : mine.umbrales.has(episode.umbralid));
      const narrowed = await narrow(event, mine, async () => {
        const alarms = await lookup(event);
        return {
          episode: (episodioid: number) => episodeMine(alarms.episodes.get(episodioid)),
          alert: (alertaid: number) => {
            const umbralid = alarms.alerts.get(alertaid);
            return umbralid !== undefined && mine.umbrales.has(umbralid);
          },
        };
      });
      return narrowed === null ? null : ({ ...narrowed, id: event.id } as NumberedEvent);
    },
    close() {
      places = null;
    },
  };
}

async function narrow(
  event: LiveEvent,
  mine: GrantedPlaces,
  alarms: () => Promise<{ episode: (episodioid: number) => boolean; alert: (alertaid: number) => boolean }>,
): Promise<LiveEvent | null> {
  switch (event.type) {
    case 'readings': {
      const nodes = event.nodes.filter((nodoid) => mine.nodes.has(nodoid));
      if (nodes.length === 0) return null;
      return { ...event, nodes, readings: event.readings.filter((reading) => mine.nodes.has(reading.nodoid)) };
    }
    case 'radio': {
      const nodes = event.nodes.filter((nodoid) => mine.nodes.has(nodoid));
      return nodes.length === 0 ? null : { ...event, nodes };
    }
    case 'alerts': {
      const nodes = event.nodes.filter((nodoid) => mine.nodes.has(nodoid));
      const alerts = event.alerts.filter((alert) => mine.umbrales.has(alert.umbralid));
      const { episode } = await alarms();
      const closedEpisodes = event.closedEpisodes.filter(episode);
      if (nodes.length === 0 && alerts.length === 0 && closedEpisodes.length === 0) return null;
      return { ...event, nodes, alerts, closedEpisodes };
    }
    case 'acknowledged': {
      if (event.episodioid === null && event.alertaid === null) {
        // The bulk acknowledgement: only the granted thresholds' share of it, counted as theirs.
        const umbrales = event.umbrales.filter(({ umbralid }) => mine.umbrales.has(umbralid));
        if (umbrales.length === 0) return null;
        return acknowledgedShare(event, umbrales);
      }
      const { episode, alert } = await alarms();
      if (event.episodioid !== null) return episode(event.episodioid) ? event : null;
      return event.alertaid !== null && alert(event.alertaid) ? event : null;
    }
    case 'messages': {
      const { episode } = await alarms();
      return episode(event.episodioid) ? event : null;
    }
    case 'episodes': {
      const nodes = event.nodes.filter((nodoid) => mine.nodes.has(nodoid));
      return nodes.length === 0 ? null : { ...event, nodes, opened: nodes.length };
    }
  }
}
