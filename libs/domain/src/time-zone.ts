/**
 * IANA time-zone names (issue 16): a country's `zonahoraria`, a fundo's, the console's display zone.
 * Shared by the API (it refuses a name the runtime does not know) and the console (its forms check
 * first, and every date a person reads is formatted in one).
 */

/** The shape the database keeps (pais_zonahoraria_check): `America/Lima`, `UTC`, `Etc/GMT+5`, never `+05:00`. */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The answers of canonicalTimeZone by name as given: building an Intl.DateTimeFormat is the
 * expensive part of Intl, and the series route checks its `tz` on every request (issue 31).
 * A runtime's zone database does not change while it runs.
 */
const canonicalZones = new Map<string, string | null>();
const CANONICAL_ZONES_KEPT = 512;

/**
 * The canonical spelling of an IANA zone name (`america/lima` → `America/Lima`), or null when the
 * runtime's time-zone database does not know it. A try of Intl.DateTimeFormat rather than
 * Intl.supportedValuesOf('timeZone'), which leaves out `UTC` and the old aliases a zone may still
 * be called by (`America/Buenos_Aires`); offset zones (`+05:00`, accepted by newer engines) are
 * not place names and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  const known = canonicalZones.get(name);
  if (known !== undefined) return known;
  const trimmed = name.trim();
  if (!TIME_ZONE_SHAPE.test(trimmed)) return null;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  // Bounded: names come from requests, and a caller could send a new one each time.
  if (canonicalZones.size >= CANONICAL_ZONES_KEPT) canonicalZones.clear();
  canonicalZones.set(name, canonical);
  return canonical;
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Minutes `timeZone` is ahead of UTC at `instant` (Lima −300, Santiago −180 in summer, −240 in winter). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second']));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `-05:00`, `+00:00`: the offset as ISO 8601 writes it. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/**
 * An instant as ISO 8601 local time in `timeZone` with its offset (`2026-11-01T07:00:00-05:00`),
 * not UTC `Z`: what a CSV of farm events writes, so the file reads like the screen and still names
 * one instant. Milliseconds are written only when there are some. Null for a missing or bad date.
 */
export function formatInstantInZone(value: Date | string | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const offset = timeZoneOffsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000);
  const milliseconds = local.getUTCMilliseconds();
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    (milliseconds ? `.${pad(milliseconds, 3)}` : '') +
    formatOffset(offset)
  );
}

/** The calendar day (YYYY-MM-DD) `instant` falls on in `timeZone`: what "today" is on the farm. */
export function dayInZone(instant: Date, timeZone: string): string {
  return (formatInstantInZone(instant, timeZone) ?? '').slice(0, 10);
}

const calendarDayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** A calendar day (YYYY-MM-DD) `days` later (earlier when negative); days, not instants, so no zone is involved. */
export function addCalendarDays(day: string, days: number): string {
  const [year, month, date] = calendarDayParts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) in `timeZone`: its midnight there, not the
 * browser's (a report of Lima's farms reads Lima's days wherever it is opened). Where a summer-time
 * change skips midnight (Santiago's first Sunday of September goes from 23:59 to 01:00), the day
 * starts at the change; where midnight happens twice, at the first.
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [year, month, date] = calendarDayParts(day);
  const wallMidnight = Date.UTC(year, month - 1, date);
  // Midnight read with the offset of either side of a change near it; the earliest one that is on `day`.
  const before = wallMidnight - timeZoneOffsetMinutes(new Date(wallMidnight), timeZone) * 60_000;
  const after = wallMidnight - timeZoneOffsetMinutes(new Date(before), timeZone) * 60_000;
  const candidates = [before, after].sort((a, b) => a - b);
  const start = candidates.find((candidate) => dayInZone(new Date(candidate), timeZone) === day) ?? before;
  return new Date(start);
}
