import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import type { SeriesResponse } from '@camposense/domain';
import { bucketSecondsFor, bucketsTouched, MAX_POINTS_CAP } from './series-window';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('series bucket widths', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');

  it('picks the narrowest nice width that fits the budget', () => {
    expect(bucketSecondsFor(start, start + 2 * HOUR_MS, 4)).toBe(1800);
    expect(bucketSecondsFor(start, start + 2 * HOUR_MS, 10)).toBe(900);
    expect(bucketSecondsFor(start, start + DAY_MS, 800)).toBe(120);
    expect(bucketSecondsFor(start, start + 365 * DAY_MS, 100)).toBe(4 * 24 * 3600);
  });

  it('answers whole days once hourly buckets no longer fit, never 2 to 12 hours', () => {
    // 33 days of hours fit in 800 points; 34 do not, and then a bucket is a day, not 2 hours.
    expect(bucketSecondsFor(start, start + 33 * DAY_MS, 800)).toBe(3600);
    expect(bucketSecondsFor(start, start + 34 * DAY_MS, 800)).toBe(24 * 3600);
    expect(bucketSecondsFor(start, start + 365 * DAY_MS, 800)).toBe(24 * 3600);
    // A phone's budget: 12 days of hours fit in 300 points, 13 do not.
    expect(bucketSecondsFor(start, start + 12 * DAY_MS, 300)).toBe(3600);
    expect(bucketSecondsFor(start, start + 13 * DAY_MS, 300)).toBe(24 * 3600);
  });

  it('never answers more buckets than asked, whatever the alignment', () => {
    for (const [offset, length, points] of [
      [7_123, DAY_MS, 800],
      [59_000, 30 * DAY_MS, 300],
      [1, 365 * DAY_MS, MAX_POINTS_CAP],
      [0, 3 * 365 * DAY_MS, 10],
    ] as const) {
      const width = bucketSecondsFor(start + offset, start + offset + length, points);
      expect(bucketsTouched(start + offset, start + offset + length, width)).toBeLessThanOrEqual(points);
    }
  });
});

/** A probe's metric of the farm, and where its node is placed: what a chart asks for. */
interface ChartedMetric {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
}

describe.each(testDrivers())('GET /api/sense/series on $kind', (driver) => {
  let context: SenseContext;
  let probe: ChartedMetric;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [first] = await context.query<typeof probe>(sql`
      select ms.nodoid, ms.tipoid, ms.metricaid, l.ubicacionid
        from sense.metricasensor ms join sense.localizacion l on l.nodoid = ms.nodoid
       order by ms.nodoid, ms.tipoid, ms.metricaid limit 1`);
    probe = first!;
  });
  afterAll(() => closeSenseContext(context));

  const series = async (query: string) => {
    const response = await context.get(`/api/sense/series?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SeriesResponse>();
  };

  describe('on readings of known values', () => {
    // Far from the farm's window, so only these rows are in it.
    const at = (time: string) => `2020-01-01T${time}:00Z`;
    beforeAll(async () => {
      const rows: [string, number][] = [
        ['2019-12-31T23:59:00Z', 1000], // before the window
        [at('00:00'), 10],
        [at('00:10'), 20],
        [at('00:20'), 30],
        [at('00:40'), 5],
        // 01:00–01:30: nothing, a gap.
        [at('01:50'), 7],
        [at('02:00'), 99], // the end is exclusive
      ];
      for (const [fecha, value] of rows) {
        await context.query(sql`
          insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
          values (${fecha}::timestamptz, ${value}, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid})`);
      }
    });

    const window = () =>
      `nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=${at('00:00')}&endDate=${at('02:00')}`;

    it('answers min, max, average and count per bucket, empty buckets left out', async () => {
      const body = await series(`${window()}&maxPoints=4`);
      expect(body.bucketSeconds).toBe(1800);
      expect(body.start).toBe('2020-01-01T00:00:00.000Z');
      expect(body.end).toBe('2020-01-01T02:00:00.000Z');
      expect(body.buckets).toEqual([
        { t: '2020-01-01T00:00:00.000Z', min: 10, max: 30, avg: 20, count: 3 },
        { t: '2020-01-01T00:30:00.000Z', min: 5, max: 5, avg: 5, count: 1 },
        { t: '2020-01-01T01:30:00.000Z', min: 7, max: 7, avg: 7, count: 1 },
      ]);
    });

    it('narrows the buckets when the budget allows', async () => {
      const body = await series(`${window()}&maxPoints=10`);
      expect(body.bucketSeconds).toBe(900);
      expect(body.buckets.map((bucket) => [bucket.t.slice(11, 16), bucket.count, bucket.avg])).toEqual([
        ['00:00', 2, 15],
        ['00:15', 1, 30],
        ['00:30', 1, 5],
        ['01:45', 1, 7],
      ]);
    });

    it('computes the window figures: count, average, min, max, latest, active sensors', async () => {
      const body = await series(`${window()}&maxPoints=4`);
      expect(body.stats).toEqual({
        count: 5,
        avg: expect.closeTo(14.4, 10),
        min: 5,
        max: 30,
        latest: '2020-01-01T01:50:00.000Z',
        activeSensors: 1,
      });
    });

    it('counts no active sensor when nothing was read in the day before the end', async () => {
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2020-01-01&endDate=2020-01-05`);
      expect(body.stats.count).toBe(6);
      expect(body.stats.activeSensors).toBe(0);
    });

    it('answers an empty series, not an error, for a window without readings', async () => {
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2010-01-01&endDate=2010-01-02`);
      expect(body.buckets).toEqual([]);
      expect(body.stats).toEqual({ count: 0, avg: null, min: null, max: null, latest: null, activeSensors: 0 });
    });
  });

  describe('over a long range', () => {
    // Far from the farm's window and from the 2020 rows: only these readings are in it.
    beforeAll(async () => {
      const rows: [string, number][] = [
        ['2019-06-01T03:00:00Z', 10],
        ['2019-06-01T15:00:00Z', 30],
        ['2019-06-01T23:59:00Z', 14],
        ['2019-06-02T06:00:00Z', 5],
        ['2019-07-09T12:00:00Z', 8],
      ];
      for (const [fecha, value] of rows) {
        await context.query(sql`
          insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
          values (${fecha}::timestamptz, ${value}, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid})`);
      }
    });

    it('answers one bucket per UTC day with its min, max and mean when hours no longer fit', async () => {
      // 40 days: 960 hours do not fit 800 points, so the buckets are whole days.
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2019-06-01&endDate=2019-07-10&maxPoints=800`);
      expect(body.bucketSeconds).toBe(86_400);
      expect(body.buckets).toEqual([
        { t: '2019-06-01T00:00:00.000Z', min: 10, max: 30, avg: 18, count: 3 },
        { t: '2019-06-02T00:00:00.000Z', min: 5, max: 5, avg: 5, count: 1 },
        { t: '2019-07-09T00:00:00.000Z', min: 8, max: 8, avg: 8, count: 1 },
      ]);
    });

    it("starts the days at the farm's midnight when given its zone", async () => {
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2019-06-01&endDate=2019-07-10&maxPoints=800&tz=America/Lima`);
      expect(body.bucketSeconds).toBe(86_400);
      // Lima is UTC-5: 03:00Z is still 31 May there, 06:00Z on 2 June is 01:00 of that day.
      expect(body.buckets).toEqual([
        { t: '2019-05-31T05:00:00.000Z', min: 10, max: 10, avg: 10, count: 1 },
        { t: '2019-06-01T05:00:00.000Z', min: 14, max: 30, avg: 22, count: 2 },
        { t: '2019-06-02T05:00:00.000Z', min: 5, max: 5, avg: 5, count: 1 },
        { t: '2019-07-09T05:00:00.000Z', min: 8, max: 8, avg: 8, count: 1 },
      ]);
      // Buckets under a day are the same whatever the zone.
      const zoomed = `nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2019-06-01T00:00:00Z&endDate=2019-06-03T00:00:00Z&maxPoints=800`;
      expect((await series(`${zoomed}&tz=America/Lima`)).buckets).toEqual((await series(zoomed)).buckets);
    });

    it("starts buckets of several days at the farm's midnight on both sides of a change of clocks", async () => {
      // Santiago left summer time on 13 May 2018 (UTC-3 → UTC-4): one reading a day at 16:00Z, 1 April to 30 June.
      await context.query(sql`
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
        select day + interval '16 hours', 20, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid}
          from generate_series('2018-04-01'::timestamptz, '2018-06-30'::timestamptz, interval '1 day') day`);
      const body = await series(
        `nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2018-04-01&endDate=2018-07-01&maxPoints=20&tz=America/Santiago`,
      );
      expect(body.bucketSeconds).toBeGreaterThan(86_400);
      const wallClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      expect(new Set(body.buckets.map((bucket) => wallClock.format(new Date(bucket.t))))).toEqual(new Set(['00:00']));
      // Both offsets are there: the window does cross the change.
      expect(body.buckets.some((bucket) => bucket.t.endsWith('T03:00:00.000Z'))).toBe(true);
      expect(body.buckets.some((bucket) => bucket.t.endsWith('T04:00:00.000Z'))).toBe(true);
      expect(body.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(91);
    });

    it('keeps hourly buckets for a zoomed part of the same range', async () => {
      const body = await series(
        `nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2019-06-01T00:00:00Z&endDate=2019-06-03T00:00:00Z&maxPoints=800`,
      );
      expect(body.bucketSeconds).toBeLessThanOrEqual(3600);
      expect(body.buckets.map((bucket) => bucket.count)).toEqual([1, 1, 1, 1]);
    });
  });

  describe('from the hourly table, exactly as from the readings', () => {
    // A reading every 7 minutes for 45 days of 2017, far from every other row of the suite.
    beforeAll(async () => {
      await context.query(sql`
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
        select at, round((20 + 8 * sin(extract(epoch from at) / 5000) + (extract(epoch from at)::bigint % 13) / 10.0)::numeric, 2),
               ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid}
          from generate_series('2017-03-01T00:03:00Z'::timestamptz, '2017-04-15T00:00:00Z'::timestamptz, interval '7 minutes') at`);
    });

    /** The buckets of the answer's width, straight from medicion: what the hourly table must reproduce. */
    const fromReadings = async (body: SeriesResponse, where: 'node' | 'location', timeZone?: string) => {
      const width = body.bucketSeconds;
      const bucket =
        timeZone === undefined || width < 86_400
          ? sql`date_bin(make_interval(secs => ${width}::int), fecha, 'epoch'::timestamptz)`
          : width === 86_400
            ? sql`date_trunc('day', fecha, ${timeZone}::text)`
            : sql`(date_bin(make_interval(secs => ${width}::int), fecha at time zone ${timeZone}::text, timestamp '2000-01-01 00:00') at time zone ${timeZone}::text)`;
      const scope = where === 'node' ? sql`nodoid = ${probe.nodoid}` : sql`ubicacionid = ${probe.ubicacionid}`;
      const rows = await context.query<{ t: string; min: number; max: number; avg: number; count: number }>(sql`
        select to_char(${bucket} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t, min(medicion) as min, max(medicion) as max,
               avg(medicion) as avg, count(*)::int as count
          from sense.medicion
         where ${scope} and metricaid = ${probe.metricaid} and fecha >= ${body.start}::timestamptz and fecha < ${body.end}::timestamptz
         group by 1 order by 1`);
      return rows.map((row) => ({ ...row, avg: expect.closeTo(row.avg, 9) }));
    };

    it.each([
      // Edges off the hour: the parts of an hour at either end come from the readings.
      { where: 'node', window: 'startDate=2017-03-01T00:17:23Z&endDate=2017-03-21T09:41:00Z&maxPoints=800', width: 3600 },
      { where: 'location', window: 'startDate=2017-03-02T05:59:59Z&endDate=2017-03-30T00:00:01Z&maxPoints=800', width: 3600 },
      { where: 'node', window: 'startDate=2017-03-01T12:30:00Z&endDate=2017-04-15T00:00:00Z&maxPoints=800&tz=America/Santiago', width: 86_400 },
      { where: 'node', window: 'startDate=2017-03-01T00:00:00Z&endDate=2017-04-15T00:00:00Z&maxPoints=10&tz=America/Santiago', width: 5 * 86_400 },
      // Kolkata's midnights fall on half past a UTC hour: its days come from the readings alone.
      { where: 'node', window: 'startDate=2017-03-01T00:00:00Z&endDate=2017-04-15T00:00:00Z&maxPoints=800&tz=Asia/Kolkata', width: 86_400 },
      // Under an hour the readings answer as before.
      { where: 'node', window: 'startDate=2017-03-05T00:10:00Z&endDate=2017-03-06T00:00:00Z&maxPoints=800', width: 120 },
    ] as const)('answers the $where buckets of $window', async ({ where, window, width }) => {
      const subject = where === 'node' ? `nodoId=${probe.nodoid}` : `ubicacionId=${probe.ubicacionid}`;
      const body = await series(`${subject}&metricaId=${probe.metricaid}&${window}`);
      expect(body.bucketSeconds).toBe(width);
      const expected = await fromReadings(body, where, /tz=([^&]+)/.exec(window)?.[1]);
      expect(expected.length).toBeGreaterThan(5);
      expect(body.buckets).toEqual(expected);
      expect(body.stats.count).toBe(expected.reduce((sum, bucket) => sum + bucket.count, 0));
    });
  });

  describe('on the demo farm', () => {
    const farmWindow = () => {
      const end = context.now.toISOString();
      const start = new Date(context.now.getTime() - DAY_MS).toISOString();
      return `startDate=${start}&endDate=${end}`;
    };

    it('adds up to the bare SQL over the node and metric, newest reading included', async () => {
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&${farmWindow()}&maxPoints=50`);
      const start = new Date(context.now.getTime() - DAY_MS).toISOString();
      const [expected] = await context.query<{ count: number; min: number; max: number; avg: number; latest: Date; probes: number }>(sql`
        select count(*)::int as count, min(medicion) as min, max(medicion) as max, avg(medicion) as avg, max(fecha) as latest,
               (select count(distinct tipoid)::int from sense.medicion
                 where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid}
                   and fecha >= ${start}::timestamptz and fecha < ${context.now.toISOString()}::timestamptz) as probes
          from sense.medicion
         where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid}
           and fecha >= ${start}::timestamptz and fecha < ${context.now.toISOString()}::timestamptz`);
      expect(expected!.count).toBeGreaterThan(50);
      expect(body.buckets.length).toBeLessThanOrEqual(50);
      expect(body.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(expected!.count);
      expect(body.stats.count).toBe(expected!.count);
      expect(body.stats.min).toBe(expected!.min);
      expect(body.stats.max).toBe(expected!.max);
      expect(body.stats.avg).toBeCloseTo(expected!.avg, 9);
      expect(body.stats.latest).toBe(new Date(expected!.latest).toISOString());
      expect(body.stats.activeSensors).toBe(expected!.probes);
      const last = body.buckets.at(-1)!;
      expect(Date.parse(body.stats.latest!) - Date.parse(last.t)).toBeLessThan(body.bucketSeconds * 1000);
      expect(body.metric).toEqual({ metricaid: probe.metricaid, metrica: expect.any(String), unidad: expect.any(String) });
    });

    it('answers the thresholds of the node and metric, most severe first', async () => {
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&${farmWindow()}`);
      const expected = await context.query<{ umbralid: number }>(sql`
        select u.umbralid from sense.umbral u join sense.criticidad c using (criticidadid)
         where u.nodoid = ${probe.nodoid} and u.metricaid = ${probe.metricaid} and u.statusid = 1
         order by c.grado, u.tipoid, u.umbralid`);
      expect(body.thresholds.map((threshold) => threshold.umbralid)).toEqual(expected.map((row) => row.umbralid));
      for (const threshold of body.thresholds) expect(threshold.minimo).toBeLessThan(threshold.maximo);
    });

    it('covers a whole location when asked by ubicacionId', async () => {
      const body = await series(`ubicacionId=${probe.ubicacionid}&metricaId=${probe.metricaid}&${farmWindow()}`);
      const start = new Date(context.now.getTime() - DAY_MS).toISOString();
      const [expected] = await context.query<{ count: number }>(sql`
        select count(*)::int as count from sense.medicion
         where ubicacionid = ${probe.ubicacionid} and metricaid = ${probe.metricaid}
           and fecha >= ${start}::timestamptz and fecha < ${context.now.toISOString()}::timestamptz`);
      expect(body.stats.count).toBe(expected!.count);
      expect(body.buckets.length).toBeLessThanOrEqual(800);
    });

    it('brings a future end back to now', async () => {
      const before = Date.now();
      const body = await series(`nodoId=${probe.nodoid}&metricaId=${probe.metricaid}&startDate=2026-01-01&endDate=2999-01-01`);
      expect(Date.parse(body.end)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(body.end)).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('bad requests', () => {
    it('needs a node or a location', async () => {
      const response = await context.get(`/api/sense/series?metricaId=${probe.metricaid}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', details: [{ field: 'nodoId', rule: 'required' }] });
    });

    it('names a malformed or reversed date', async () => {
      const malformed = await context.get(`/api/sense/series?nodoId=1&metricaId=1&startDate=yesterday`);
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).details).toEqual([{ field: 'startDate', rule: 'format', limit: 'date-time' }]);
      const reversed = await context.get(`/api/sense/series?nodoId=1&metricaId=1&startDate=2026-02-01&endDate=2026-01-01`);
      expect(reversed.statusCode).toBe(400);
      expect(errorOf(reversed).details).toEqual([{ field: 'endDate', rule: 'minimum', limit: 'startDate' }]);
    });

    it('names an unknown time zone', async () => {
      const unknown = await context.get(`/api/sense/series?nodoId=1&metricaId=1&tz=Mars/Olympus`);
      expect(unknown.statusCode).toBe(400);
      expect(errorOf(unknown).details).toEqual([{ field: 'tz', rule: 'format', limit: 'timeZone' }]);
    });

    it('caps maxPoints and needs the metric', async () => {
      const tooMany = await context.get(`/api/sense/series?nodoId=1&metricaId=1&maxPoints=${MAX_POINTS_CAP + 1}`);
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany).code).toBe('VALIDATION');
      const noMetric = await context.get(`/api/sense/series?nodoId=1`);
      expect(noMetric.statusCode).toBe(400);
    });

    it('needs a token', async () => {
      const response = await context.get(`/api/sense/series?nodoId=1&metricaId=1`, {});
      expect(response.statusCode).toBe(401);
    });

    it('is in the OpenAPI document', async () => {
      const response = await context.get('/api/openapi.json');
      const document = response.json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>();
      const parameters = document.paths['/api/sense/series']?.get?.parameters?.map((parameter) => parameter.name);
      expect(parameters).toEqual(expect.arrayContaining(['nodoId', 'ubicacionId', 'metricaId', 'startDate', 'endDate', 'maxPoints']));
    });
  });
});
