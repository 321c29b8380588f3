import { addCalendarDays, zonedDayStart } from '@camposense/domain';
import type { DateRangeValue } from '@camposense/ui';

/** A range of calendar days (YYYY-MM-DD), either end open: what the date-range picker edits. */
export type DayRangeFilter = DateRangeValue;

export const NO_DAYS: DayRangeFilter = { desde: null, hasta: null };

/**
 * The instants a report asks the API for: from the first day's midnight in the display zone to the
 * last millisecond of the last day there (the API takes `hasta` as included to the millisecond).
 */
export function dayRangeInstants({ desde, hasta }: DayRangeFilter, timeZone: string): { desde: string | null; hasta: string | null } {
  return {
    desde: desde ? zonedDayStart(desde, timeZone).toISOString() : null,
    hasta: hasta ? new Date(zonedDayStart(addCalendarDays(hasta, 1), timeZone).getTime() - 1).toISOString() : null,
  };
}
