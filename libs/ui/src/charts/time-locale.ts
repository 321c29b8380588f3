import { timeDay, timeFormatLocale, timeHour, timeMinute, timeMonth, timeWeek, timeYear } from 'd3';
import type { TimeLocaleDefinition, TimeLocaleObject } from 'd3';

/** d3's time locales for the console's two languages: the axis reads "lun 16" in es, "Mon 16" in en. */
const ES_ES: TimeLocaleDefinition = {
  dateTime: '%A, %e de %B de %Y, %X',
  date: '%d/%m/%Y',
  time: '%H:%M:%S',
  periods: ['AM', 'PM'],
  days: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  shortDays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
};

const EN_US: TimeLocaleDefinition = {
  dateTime: '%x, %X',
  date: '%-m/%-d/%Y',
  time: '%-I:%M:%S %p',
  periods: ['AM', 'PM'],
  days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  shortDays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

export interface ChartTimeFormats {
  /** The axis ticks: the coarsest unit that changes at the tick (d3's multi-scale format). */
  tick: (date: Date) => string;
  /** The hover read-out: the bucket's date and hour. */
  readout: (date: Date) => string;
}

const cache = new Map<string, ChartTimeFormats>();

/** The time formats of `language` (es or en); both on a 24-hour clock, as the rest of the console. */
export function chartTimeFormats(language: string): ChartTimeFormats {
  const english = language.startsWith('en');
  const key = english ? 'en' : 'es';
  const cached = cache.get(key);
  if (cached) return cached;
  const locale: TimeLocaleObject = timeFormatLocale(english ? EN_US : ES_ES);
  const formatSecond = locale.format(':%S');
  const formatMinute = locale.format('%H:%M');
  const formatDay = locale.format(english ? '%a %-d' : '%a %-d');
  const formatWeek = locale.format(english ? '%b %-d' : '%-d %b');
  const formatMonth = locale.format('%b');
  const formatYear = locale.format('%Y');
  const formats: ChartTimeFormats = {
    tick: (date) =>
      (timeMinute(date) < date
        ? formatSecond
        : timeHour(date) < date
          ? formatMinute
          : timeDay(date) < date
            ? formatMinute
            : timeMonth(date) < date
              ? timeWeek(date) < date
                ? formatDay
                : formatWeek
              : timeYear(date) < date
                ? formatMonth
                : formatYear)(date),
    readout: locale.format(english ? '%m/%d/%Y %H:%M' : '%d/%m/%Y %H:%M'),
  };
  cache.set(key, formats);
  return formats;
}
