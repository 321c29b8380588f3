import { localeOf } from './languages';

export interface FormatOptions {
  /** IANA time zone; defaults to the browser's own, so tests and stories pass one explicitly. */
  timeZone?: string;
}

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function resolveTimeZone(options?: FormatOptions): string {
  return options?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, kind: 'dateTime' | 'date' | 'dayMonth' | 'long'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let cached = formatters.get(key);
  if (!cached) {
    const parts: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false },
      date: { day: '2-digit', month: '2-digit', year: 'numeric' },
      dayMonth: { day: '2-digit', month: '2-digit' },
      long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    };
    cached = new Intl.DateTimeFormat(locale, { ...parts[kind], timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Day/month/year hour:minute in the language's locale (es-ES `21/11/2026, 14:05`,
 * en-US `11/21/2026, 14:05`), or `null` for a missing or invalid date so the caller shows N/A.
 */
export function formatDateTime(value: DateInput, language: string, options?: FormatOptions): string | null {
  const date = toDate(value);
  return date ? formatter(localeOf(language), resolveTimeZone(options), 'dateTime').format(date) : null;
}

export function formatDate(value: DateInput, language: string, options?: FormatOptions): string | null {
  const date = toDate(value);
  return date ? formatter(localeOf(language), resolveTimeZone(options), 'date').format(date) : null;
}

/** dd/mm in both languages, as the dashboard's range label shows it. */
export function formatDayMonth(value: DateInput, options?: FormatOptions): string | null {
  const date = toDate(value);
  if (!date) return null;
  // ICU drops the leading zeros of es-ES day/month patterns; build dd/mm from the parts.
  const parts = formatter('es-ES', resolveTimeZone(options), 'dayMonth').formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value.padStart(2, '0') ?? '';
  return `${part('day')}/${part('month')}`;
}

export function formatLongDate(value: DateInput, language: string, options?: FormatOptions): string | null {
  const date = toDate(value);
  return date ? formatter(localeOf(language), resolveTimeZone(options), 'long').format(date) : null;
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A number as the language writes it on screens and in messages (issue 28, item 9): es `26,5`,
 * `-0,125`, `12.000,75`; en `26.5`, `12,000.75`; up to `maximumFractionDigits` decimals (default 3,
 * enough for a threshold or a reading), none added. `null` for a missing or non-finite value, so
 * the caller shows its own placeholder. CSV files keep the API's format instead (docs/operations.md).
 */
export function formatNumber(value: number | null | undefined, language: string, maximumFractionDigits = 3): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const locale = localeOf(language);
  const key = `${locale}|${maximumFractionDigits}`;
  let cached = numberFormatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, { maximumFractionDigits });
    numberFormatters.set(key, cached);
  }
  return cached.format(value);
}
