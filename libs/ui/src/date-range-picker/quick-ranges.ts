import { addCalendarDays } from '@camposense/domain';

/** A range of calendar days (YYYY-MM-DD) in the display zone, either end open. */
export interface DateRangeValue {
  desde: string | null;
  hasta: string | null;
}

export type QuickRangeId = 'last24h' | 'last7d' | 'last30d' | 'season';

export const QUICK_RANGES: readonly QuickRangeId[] = ['last24h', 'last7d', 'last30d', 'season'];

/**
 * The month (1–12) a growing season starts in by default: August. Peru's agricultural campaign
 * (campaña agrícola, the demo's farms) runs from 1 August to 31 July, and the southern hemisphere's
 * fruit and vine seasons of Chile and Argentina start in the same late winter; a farm whose season
 * starts elsewhere passes its own month.
 */
export const DEFAULT_SEASON_START_MONTH = 8;

/** The first day of the season `today` is in: the 1st of the latest `startMonth` not after today. */
export function seasonStart(today: string, startMonth: number = DEFAULT_SEASON_START_MONTH): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/**
 * The days a quick range covers, ending today (the display zone's). The value holds whole days, so
 * "last 24 h" is yesterday and today: it takes in the last 24 hours whatever the hour.
 */
export function quickRange(id: QuickRangeId, today: string, seasonStartMonth: number = DEFAULT_SEASON_START_MONTH): DateRangeValue {
  switch (id) {
    case 'last24h':
      return { desde: addCalendarDays(today, -1), hasta: today };
    case 'last7d':
      return { desde: addCalendarDays(today, -6), hasta: today };
    case 'last30d':
      return { desde: addCalendarDays(today, -29), hasta: today };
    case 'season':
      return { desde: seasonStart(today, seasonStartMonth), hasta: today };
  }
}

/** The quick range `value` is exactly, if any: the one the picker marks as chosen. */
export function activeQuickRange(
  value: DateRangeValue,
  today: string,
  seasonStartMonth: number = DEFAULT_SEASON_START_MONTH,
  ids: readonly QuickRangeId[] = QUICK_RANGES,
): QuickRangeId | null {
  return (
    ids.find((id) => {
      const range = quickRange(id, today, seasonStartMonth);
      return range.desde === value.desde && range.hasta === value.hasta;
    }) ?? null
  );
}
