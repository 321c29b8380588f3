import type { DashboardFilters } from '@camposense/data-access';
import { addCalendarDays, dayInZone, zonedDayStart } from '@camposense/domain';
import { formatDayMonth } from '@camposense/i18n';

/** Days the dashboard shows when no range is chosen (and after reset): the last week, today included. */
export const DEFAULT_RANGE_DAYS = 7;

export interface DayRange {
  startDay: string;
  endDay: string;
}

/** The chosen days, or the default week ending today in the display zone. */
export function effectiveRange(
  filters: Pick<DashboardFilters, 'startDate' | 'endDate'>,
  timeZone: string,
  now: Date = new Date(),
): DayRange {
  const endDay = filters.endDate ?? dayInZone(now, timeZone);
  const startDay = filters.startDate ?? addCalendarDays(endDay, -(DEFAULT_RANGE_DAYS - 1));
  return { startDay, endDay };
}

/**
 * The window of instants a range of days covers in the display zone: from the first day's midnight
 * there to the midnight after the last (a day of Santiago's summer-time change is 23 or 25 hours).
 */
export function rangeInstants({ startDay, endDay }: DayRange, timeZone: string): { startDate: string; endDate: string } {
  return {
    startDate: zonedDayStart(startDay, timeZone).toISOString(),
    endDate: zonedDayStart(addCalendarDays(endDay, 1), timeZone).toISOString(),
  };
}

/** dd/mm - dd/mm, as the spec shows a range: calendar days, read as they are (UTC holds them unshifted). */
export function formatDayRange({ startDay, endDay }: DayRange): string {
  const dayMonth = (day: string) => formatDayMonth(`${day}T00:00:00Z`, { timeZone: 'UTC' });
  return `${dayMonth(startDay)} - ${dayMonth(endDay)}`;
}
