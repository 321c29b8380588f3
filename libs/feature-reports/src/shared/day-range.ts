import { addDays, dayStart } from '../dashboard/date-range';

/** A range of calendar days (YYYY-MM-DD), either end open. */
export interface DayRangeFilter {
  desde: string | null;
  hasta: string | null;
}

export const NO_DAYS: DayRangeFilter = { desde: null, hasta: null };

/**
 * The instants a report asks the API for: from the first day's local midnight to the last
 * millisecond of the last day (the API takes `hasta` as included to the millisecond).
 */
export function dayRangeInstants({ desde, hasta }: DayRangeFilter): { desde: string | null; hasta: string | null } {
  return {
    desde: desde ? dayStart(desde).toISOString() : null,
    hasta: hasta ? new Date(dayStart(addDays(hasta, 1)).getTime() - 1).toISOString() : null,
  };
}
