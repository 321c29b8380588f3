import { isIsoDate } from './row-values';
import { validationError } from '../modules/tables/queries';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DateWindow {
  /** Included. */
  start: Date | undefined;
  /** Excluded. */
  end: Date | undefined;
}

/**
 * A window from two query parameters, both included as a person means them: a date alone as the
 * end is the whole of that day, a date-time end is that instant (the window is [start, end + 1 ms)
 * at millisecond precision). 400 naming the field for a malformed date or an end before the start.
 */
export function parseDateWindow(
  startField: string,
  startValue: string | undefined,
  endField: string,
  endValue: string | undefined,
): DateWindow {
  const errors = [];
  const parse = (field: string, value: string | undefined, isEnd: boolean) => {
    if (value === undefined) return undefined;
    if (!isIsoDate(value)) {
      errors.push({ field, rule: 'format', limit: 'date-time' });
      return undefined;
    }
    const dateOnly = DATE_ONLY.test(value);
    const time = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
    if (!isEnd) return new Date(time);
    return new Date(time + (dateOnly ? DAY_MS : 1));
  };
  const start = parse(startField, startValue, false);
  const end = parse(endField, endValue, true);
  if (start && end && start >= end) errors.push({ field: endField, rule: 'minimum', limit: startField });
  if (errors.length > 0) throw validationError(errors);
  return { start, end };
}
