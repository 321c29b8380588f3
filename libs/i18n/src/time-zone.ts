import { createContext, useContext } from 'react';

/**
 * Why the console shows dates in the zone it does (issue 16): one farm's own zone, the chosen
 * country's, the one zone every country in scope shares, or the browser's (the person asked for
 * it, or the farms in scope are in different zones).
 */
export type DisplayTimeZoneBasis = 'fundo' | 'pais' | 'countries' | 'browser' | 'mixed';

export interface DisplayTimeZone {
  /** An IANA name: what every date a person reads is formatted in. */
  timeZone: string;
  basis: DisplayTimeZoneBasis;
}

/** The browser's own IANA zone (Playwright's `timezoneId`, the stories' America/Lima). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zone the screens show dates in: the console's shell provides what data-access's
 * useScopeTimeZone() decides (the global scope and the setting). It lives here, the one library
 * the UI kit, the features and the shell all may import, so a date cell reads it without the data layer.
 */
export const DisplayTimeZoneContext = createContext<DisplayTimeZone | null>(null);

/** The zone every date a person reads is shown in, and why; without a provider (a story, a test) the browser's. */
export function useDisplayTimeZone(): DisplayTimeZone {
  return useContext(DisplayTimeZoneContext) ?? { timeZone: browserTimeZone(), basis: 'browser' };
}

/**
 * The zone as a person reads it beside a date: `America/Lima (GMT-5)`. The offset is the one at
 * `at` (Santiago is GMT-3 in summer, GMT-4 in winter); UTC reads just `UTC`.
 */
export function formatZoneName(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const offset = offsetFormatter(timeZone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${timeZone} (${offset})` : timeZone;
}

/**
 * One formatter per zone: building an Intl.DateTimeFormat loads the zone's data and costs far more
 * than formatting with it, and the header names the zone on every render (a phone's profile of
 * /dashboard at 4x slowdown: ~77 ms of one shell render went to building it; issue 30).
 */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}
