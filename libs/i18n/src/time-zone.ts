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
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${timeZone} (${offset})` : timeZone;
}
