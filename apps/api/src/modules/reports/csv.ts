/** CSV as RFC 4180 writes it, for spreadsheets: UTF-8 with a BOM, CRLF line ends. */

/** Excel and LibreOffice read the file as UTF-8 (accents, ñ, °C) only with this mark first. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * the four signs, the whitespace some spreadsheets skip before them (space, tab, line feed,
 * carriage return), and their full-width forms (＝ ＋ － ＠), which some spreadsheets fold into the
 * ASCII ones.
 */
const FORMULA_START = /^[=+\-@ \t\n\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One text cell: quoted when it holds a quote, comma or line break; a leading formula sign neutralised. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number cell, written as is (a negative value stays a number, not text). */
export function csvNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
