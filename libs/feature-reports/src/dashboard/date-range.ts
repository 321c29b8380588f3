import type { DashboardFilters } from '@camposense/data-access';
import { formatDayMonth } from '@camposense/i18n';

/** Days the dashboard shows when no range is chosen (and after reset): the last week, today included. */
export const DEFAULT_RANGE_DAYS = 7;

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) of an instant in the reader's time zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight at the start of a calendar day. */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

export function addDays(day: string, days: number): string {
  const start = dayStart(day);
  return localDay(new Date(start.getFullYear(), start.getMonth(), start.getDate() + days));
}

export interface DayRange {
  startDay: string;
  endDay: string;
}

/** The chosen days, or the default week ending today. */
export function effectiveRange(filters: Pick<DashboardFilters, 'startDate' | 'endDate'>, now: Date = new Date()): DayRange {
  const today = localDay(now);
  const endDay = filters.endDate ?? today;
  const startDay = filters.startDate ?? addDays(endDay, -(DEFAULT_RANGE_DAYS - 1));
  return { startDay, endDay };
}

/** The window of instants a range of days covers: from the first day's midnight to the midnight after the last. */
export function rangeInstants({ startDay, endDay }: DayRange): { startDate: string; endDate: string } {
  return { startDate: dayStart(startDay).toISOString(), endDate: dayStart(addDays(endDay, 1)).toISOString() };
}

/** dd/mm - dd/mm, as the spec shows a range. */
export function formatDayRange({ startDay, endDay }: DayRange): string {
  return `${formatDayMonth(dayStart(startDay))} - ${formatDayMonth(dayStart(endDay))}`;
}
