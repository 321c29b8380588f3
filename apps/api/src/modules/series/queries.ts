import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { tableRef } from '../../sense/sql-names';
import { isoUtc } from '../../sense/timestamps';

/** What one series covers: one metric of one node or of one location, over [start, end). */
export interface SeriesScope {
  metricaId: number;
  nodoId?: number | undefined;
  ubicacionId?: number | undefined;
  /** Only this probe type of the node or location. */
  tipoId?: number | undefined;
  start: Date;
  /** Exclusive. */
  end: Date;
  /** The zone whose midnights start buckets of a day or more (an IANA name already checked); else UTC's. */
  timeZone?: string | undefined;
}

export const ACTIVE_WINDOW_SECONDS = 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

const medicion = tableRef('medicion');

function scopeConditions(scope: Omit<SeriesScope, 'start' | 'end'>, alias: 'm' | 'h' = 'm'): SQL {
  // Every filter leads with a column of the indexes: (nodoid, metricaid, fecha | hora) for a node,
  // (ubicacionid, fecha) or (ubicacionid, metricaid, hora) for a location.
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const conditions: SQL[] = [sql`${column('metricaid')} = ${scope.metricaId}`];
  if (scope.nodoId !== undefined) conditions.push(sql`${column('nodoid')} = ${scope.nodoId}`);
  if (scope.ubicacionId !== undefined) conditions.push(sql`${column('ubicacionid')} = ${scope.ubicacionId}`);
  if (scope.tipoId !== undefined) conditions.push(sql`${column('tipoid')} = ${scope.tipoId}`);
  return sql.join(conditions, sql` and `);
}

const HOUR_MS = 60 * 60 * 1000;
/** Zones checked for offsets of whole hours (a zone's rules do not change while the process runs). */
const wholeHourZones = new Map<string, boolean>();

/** Whether every offset of `timeZone` from 2000 to 2040 is whole hours (sampled twice a month; cached). */
function keepsWholeHours(timeZone: string): boolean {
  const known = wholeHourZones.get(timeZone);
  if (known !== undefined) return known;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  let whole = true;
  for (let year = 2000; year <= 2040 && whole; year++) {
    for (let month = 0; month < 12 && whole; month++) {
      for (const day of [1, 15]) {
        const offset = format.formatToParts(Date.UTC(year, month, day)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
        // "GMT", "GMT-05:00", "GMT+05:45": whole hours when the minutes are 00 or absent.
        if (!/^GMT(?:[+-]\d{2}:00)?$/.test(offset)) whole = false;
      }
    }
  }
  if (wholeHourZones.size < 512) wholeHourZones.set(timeZone, whole);
  return whole;
}

/**
 * Whether the hourly table can serve these buckets: each bucket is then a run of whole UTC hours
 * (an hour or more from the epoch; a zone's days when its midnights fall on UTC hours, which a zone
 * with a half-hour offset, such as Caracas's until 2016, does not).
 */
function hoursServe(scope: SeriesScope, bucketSeconds: number): boolean {
  if (bucketSeconds * 1000 < HOUR_MS || (bucketSeconds * 1000) % HOUR_MS !== 0) return false;
  return scope.timeZone === undefined || bucketSeconds < DAY_SECONDS || keepsWholeHours(scope.timeZone);
}

/**
 * min, max, sum and count of the readings per epoch-aligned bucket of `bucketSeconds`, oldest
 * first; empty buckets are absent (the chart shows them as a gap). With the scope's `timeZone`,
 * buckets of a day or more start at that zone's midnight instead of UTC's, so a farm's day is its
 * own (Lima's runs 05:00–05:00 UTC). A one-day bucket is the zone's calendar day (23 or 25 hours
 * when the clocks change); wider ones are whole days of the zone's wall clock counted from
 * 2000-01-01, each starting at its midnight in summer and winter alike. `last` is the newest reading
 * of each bucket, so the window's latest reading costs nothing extra. date_bin, not
 * floor(extract(epoch) / width): extract answers numeric, and a year of one node took three
 * times as long (measured on PostgreSQL 16, 105 120 readings: 33 ms against 102 ms).
 */
function seriesBucketsStatement(scope: SeriesScope, bucketSeconds: number): SQL {
  if (hoursServe(scope, bucketSeconds)) return hourlyBucketsStatement(scope, bucketSeconds);
  return sql`
    select ${bucketStart(bucketSeconds, scope.timeZone, sql`m.fecha`)} as t,
           min(m.medicion) as min, max(m.medicion) as max, sum(m.medicion) as sum,
           count(*)::int as count, max(m.fecha) as last
      from ${medicion} m
     where ${scopeConditions(scope)}
       and m.fecha >= ${scope.start.toISOString()}::timestamptz
       and m.fecha < ${scope.end.toISOString()}::timestamptz
     group by 1`;
}

/**
 * The same buckets from `medicionhora` for the window's whole hours, and from `medicion` for the
 * parts of an hour at either end (a window rarely starts on the hour): the same figures, exactly,
 * from about a tenth of the rows (a 30-day chart of one node: 720 hours instead of ~6,000 readings).
 */
function hourlyBucketsStatement(scope: SeriesScope, bucketSeconds: number): SQL {
  const firstWholeHour = new Date(Math.ceil(scope.start.getTime() / HOUR_MS) * HOUR_MS);
  const afterLastWholeHour = new Date(Math.max(firstWholeHour.getTime(), Math.floor(scope.end.getTime() / HOUR_MS) * HOUR_MS));
  const readings = (from: Date, to: Date) => sql`
    select m.fecha as at, m.medicion as min, m.medicion as max, m.medicion as sum, 1 as count, m.fecha as last
      from ${medicion} m
     where ${scopeConditions(scope)}
       and m.fecha >= ${from.toISOString()}::timestamptz and m.fecha < ${to.toISOString()}::timestamptz`;
  return sql`
    select ${bucketStart(bucketSeconds, scope.timeZone, sql`p.at`)} as t,
           min(p.min) as min, max(p.max) as max, sum(p.sum) as sum, sum(p.count)::int as count, max(p.last) as last
      from (
        select h.hora as at, h.minimo as min, h.maximo as max, h.suma as sum, h.cantidad as count, h.ultima as last
          from ${tableRef('medicionhora')} h
         where ${scopeConditions(scope, 'h')}
           and h.hora >= ${firstWholeHour.toISOString()}::timestamptz and h.hora < ${afterLastWholeHour.toISOString()}::timestamptz
        union all ${readings(scope.start, firstWholeHour)}
        union all ${readings(afterLastWholeHour, scope.end)}) p
     group by 1`;
}

function bucketStart(bucketSeconds: number, timeZone: string | undefined, at: SQL): SQL {
  if (timeZone === undefined || bucketSeconds < DAY_SECONDS) {
    return sql`date_bin(make_interval(secs => ${bucketSeconds}::int), ${at}, 'epoch'::timestamptz)`;
  }
  if (bucketSeconds === DAY_SECONDS) return sql`date_trunc('day', ${at}, ${timeZone}::text)`;
  // Binned on the zone's wall clock, so every bucket starts at its midnight on either side of a
  // change of clocks (an absolute stride from one midnight lands at 23:00 or 01:00 after it).
  return sql`(date_bin(make_interval(secs => ${bucketSeconds}::int), ${at} at time zone ${timeZone}::text, timestamp '2000-01-01 00:00') at time zone ${timeZone}::text)`;
}

/** How many probes (node × type) of the scope have a reading in the day before `end`. */
function activeSensorsCount(scope: SeriesScope): SQL {
  const since = new Date(scope.end.getTime() - ACTIVE_WINDOW_SECONDS * 1000);
  return sql`
    select count(*)::int from (
      select distinct m.nodoid, m.tipoid
        from ${medicion} m
       where ${scopeConditions(scope)}
         and m.fecha >= ${since.toISOString()}::timestamptz
         and m.fecha < ${scope.end.toISOString()}::timestamptz) probes`;
}

/** The active thresholds of the metric on the node (or in the location), most severe first, as a JSON array. */
function thresholdsJson(scope: SeriesScope): SQL {
  const conditions: SQL[] = [sql`u.metricaid = ${scope.metricaId}`, sql`u.statusid = 1`];
  if (scope.nodoId !== undefined) conditions.push(sql`u.nodoid = ${scope.nodoId}`);
  if (scope.ubicacionId !== undefined) conditions.push(sql`u.ubicacionid = ${scope.ubicacionId}`);
  if (scope.tipoId !== undefined) conditions.push(sql`u.tipoid = ${scope.tipoId}`);
  return sql`
    select json_agg((select x from (select u.umbralid, u.minimo, u.maximo, c.criticidad, c.grado, u.tipoid) x)
                    order by c.grado, u.tipoid, u.umbralid)
      from ${tableRef('umbral')} u
      join ${tableRef('criticidad')} c on c.criticidadid = u.criticidadid
     where ${sql.join(conditions, sql` and `)}`;
}

/** Which of the statement's shapes `scope` takes: its name as a prepared statement. */
function statementName(scope: SeriesScope, bucketSeconds: number): string {
  const zone = scope.timeZone === undefined || bucketSeconds < DAY_SECONDS ? 'utc' : bucketSeconds === DAY_SECONDS ? 'day' : 'days';
  const source = hoursServe(scope, bucketSeconds) ? '-hours' : '';
  return `series-${scope.nodoId === undefined ? '' : 'n'}${scope.ubicacionId === undefined ? '' : 'u'}${scope.tipoId === undefined ? '' : 't'}-${zone}${source}`;
}

/**
 * The whole answer (SeriesResponse) as one JSON text, built by the database in one statement: the
 * metric, the buckets (oldest first, their start in ISO 8601 UTC, avg = sum / count), the
 * thresholds and the window's figures, which follow from the buckets exactly (sums and counts
 * add up; the latest reading is the newest bucket's `last`). One round trip instead of four, and
 * Node neither parses the rows nor writes them again (issue 31).
 */
export function seriesStatement(scope: SeriesScope, bucketSeconds: number, window: { start: string; end: string }, granted: SQL | null = null): SQL {
  return sql`
    with b as (${seriesBucketsStatement(scope, bucketSeconds)})
    select ${granted ?? sql`true`} as granted, json_build_object(
      'metric', (select json_build_object('metricaid', me.metricaid, 'metrica', me.metrica, 'unidad', me.unidad)
                   from ${tableRef('metrica')} me where me.metricaid = ${scope.metricaId}),
      'start', ${window.start}::text, 'end', ${window.end}::text, 'bucketSeconds', ${bucketSeconds}::int,
      -- The buckets' objects are written as text: json_agg of rows took 40-50 % of a week's chart
      -- (600 buckets: ~1.3 of ~3 ms of execution; as text, validated by the cast, about half as
      -- long, issue 31). Every figure is a finite number and never null (the readings are NOT
      -- NULL and a bucket holds at least one), written by float8out as json would write it.
      'buckets', ('[' || coalesce((select string_agg('{"t":"' || ${isoUtc(sql`b.t`)} || '","min":' || b.min || ',"max":' || b.max
                                                       || ',"avg":' || (b.sum / b.count) || ',"count":' || b.count || '}', ',' order by b.t)
                                     from b), '') || ']')::json,
      'thresholds', coalesce((${thresholdsJson(scope)}), '[]'::json),
      'stats', (select json_build_object('count', coalesce(sum(b.count), 0)::int, 'avg', sum(b.sum) / nullif(sum(b.count), 0),
                                         'min', min(b.min), 'max', max(b.max), 'latest', ${isoUtc(sql`max(b.last)`)},
                                         'activeSensors', (${activeSensorsCount(scope)}))
                  from b))::text as body`;
}

export interface SeriesQueries {
  /**
   * The answer of GET /api/sense/series as JSON text (SeriesResponse), ready to send; null when
   * `granted` (the grant's check of the places named, asked in the same statement) is false.
   */
  seriesJson(scope: SeriesScope, bucketSeconds: number, window: { start: string; end: string }, granted: SQL | null): Promise<string | null>;
}

export function createSeriesQueries(database: Database): SeriesQueries {
  return {
    async seriesJson(scope, bucketSeconds, window, granted) {
      // A node's shapes are prepared, one name per shape (a type or not, how buckets start, the
      // grant's check or not): the text never changes, only its parameters, and a dashboard asks it
      // three times a visit. A location's are planned for their values every time: the generic plan
      // of a prepared one read a week of every place through the date index (44 ms instead of 1 ms
      // through its own).
      const [row] = await database.query<{ granted: boolean; body: string }>(
        seriesStatement(scope, bucketSeconds, window, granted),
        scope.nodoId === undefined ? {} : { prepare: `${statementName(scope, bucketSeconds)}${granted ? '-g' : ''}` },
      );
      if (!row) throw new Error('the series statement answered no row');
      return row.granted === true ? row.body : null;
    },
  };
}
