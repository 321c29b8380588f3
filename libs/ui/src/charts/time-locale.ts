import { scaleUtc, timeDay, timeFormatLocale, timeHour, timeMinute, timeMonth, timeWeek, timeYear, utcDay, utcHour, utcMinute, utcMonth, utcWeek, utcYear } from 'd3';
import type { TimeLocaleDefinition, TimeLocaleObject } from 'd3';
import { timeZoneOffsetMinutes } from '@camposense/domain';
import enUS from 'd3-time-format/locale/en-US';
import esES from 'd3-time-format/locale/es-ES';

/** d3's time locales for the console's two languages: the axis reads "lun 16" in es, "Mon 16" in en. */
const ES_ES = esES as TimeLocaleDefinition;
const EN_US = enUS as TimeLocaleDefinition;

export interface ChartTimeFormats {
  /** The axis ticks: the coarsest unit that changes at the tick (d3's multi-scale format). */
  tick: (date: Date) => string;
  /** The hover read-out: the bucket's date and hour. */
  readout: (date: Date) => string;
  /** The read-out of a daily bucket: its date alone. */
  readoutDay: (date: Date) => string;
}

const cache = new Map<string, ChartTimeFormats>();

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `date`, in ms (Lima: −5 h), daylight saving
 * being the zone's own. Throws a RangeError on an unknown zone.
 */
export function zoneOffsetMs(timeZone: string, date: Date): number {
  return timeZoneOffsetMinutes(date, timeZone) * 60_000;
}

/**
 * Where the x axis' ticks go when the chart speaks of `timeZone`: on that zone's midnights, hours
 * and months, not the browser's. The data stay in UTC ms; only the tick instants are chosen on the
 * zone's wall clock (its offset at the window's start) and brought back.
 */
export function zoneTicks(timeZone: string, start: Date, end: Date, count: number): Date[] {
  const offset = zoneOffsetMs(timeZone, start);
  return scaleUtc()
    .domain([start.getTime() + offset, end.getTime() + offset])
    .ticks(count)
    .map((tick) => new Date(tick.getTime() - offset));
}

/**
 * The time formats of `language` (es or en); both on a 24-hour clock, as the rest of the console.
 * With `timeZone`, the dates are written on that zone's wall clock; without, on the browser's.
 */
export function chartTimeFormats(language: string, timeZone?: string): ChartTimeFormats {
  const english = language.startsWith('en');
  const key = `${english ? 'en' : 'es'}|${timeZone ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const locale: TimeLocaleObject = timeFormatLocale(english ? EN_US : ES_ES);
  const zoned = timeZone !== undefined;
  // In a named zone: shift the instant by the zone's offset and read it as UTC (format, not data).
  const format = zoned ? locale.utcFormat : locale.format;
  const shift = zoned ? (date: Date) => new Date(date.getTime() + zoneOffsetMs(timeZone, date)) : (date: Date) => date;
  const [minute, hour, day, week, month, year] = zoned
    ? [utcMinute, utcHour, utcDay, utcWeek, utcMonth, utcYear]
    : [timeMinute, timeHour, timeDay, timeWeek, timeMonth, timeYear];
  const formatSecond = format(':%S');
  const formatMinute = format('%H:%M');
  const formatDay = format('%a %-d');
  const formatWeek = format(english ? '%b %-d' : '%-d %b');
  const formatMonth = format('%b');
  const formatYear = format('%Y');
  const readout = format(english ? '%m/%d/%Y %H:%M' : '%d/%m/%Y %H:%M');
  const readoutDay = format(english ? '%m/%d/%Y' : '%d/%m/%Y');
  const formats: ChartTimeFormats = {
    tick: (instant) => {
      const date = shift(instant);
      return (
        minute(date) < date
          ? formatSecond
          : hour(date) < date
            ? formatMinute
            : day(date) < date
              ? formatMinute
              : month(date) < date
                ? week(date) < date
                  ? formatDay
                  : formatWeek
                : year(date) < date
                  ? formatMonth
                  : formatYear
      )(date);
    },
    readout: (instant) => readout(shift(instant)),
    readoutDay: (instant) => readoutDay(shift(instant)),
  };
  cache.set(key, formats);
  return formats;
}
