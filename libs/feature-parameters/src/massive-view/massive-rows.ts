import { CSV_NAME_SUFFIX, csvNameColumn } from '@camposense/domain';
import type { BulkCreateError } from '@camposense/domain';

/** One row of the grid: column → text as typed or read from the CSV. */
export type MassiveRow = Record<string, string>;

/** The request's rows: only the cells that hold something (an empty cell is "not given"). */
export function requestRows(rows: readonly MassiveRow[]): Record<string, string>[] {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value.trim() !== '').map(([column, value]) => [column, value.trim()])))
    .filter((row) => Object.keys(row).length > 0);
}

/**
 * Rows of a CSV in the grid's columns, as a status view's CSV writes them (issue 28, item 9): a
 * reference's id under its own header, its name in `{column}_nombre` beside it, read only where
 * the id is empty (the API takes a name for an id). What the export writes but an import does not
 * take (the table's key and audit columns, the names, a date header naming its zone) is left out
 * quietly, so an exported file imports back as it is; any other column is named so the person
 * knows it was left out.
 */
export function fromCsv(
  columns: readonly string[],
  csvColumns: readonly string[],
  csvRows: readonly Record<string, string>[],
  tableColumns: readonly string[] = [],
) {
  const known = new Set(columns);
  const exported = new Set([...columns, ...tableColumns]);
  const writtenByExport = (column: string) =>
    exported.has(column) ||
    (column.endsWith(CSV_NAME_SUFFIX) && exported.has(column.slice(0, -CSV_NAME_SUFFIX.length))) ||
    exported.has(column.replace(/ \(.*\)$/, ''));
  const unknown = csvColumns.filter((column) => !known.has(column) && !writtenByExport(column));
  const rows = csvRows.map((record) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = record[column] ?? '';
        return [column, value.trim() === '' ? (record[csvNameColumn(column)] ?? value) : value];
      }),
    ),
  );
  return { rows, unknown };
}

/** The column types whose CSV cells may carry a decimal comma. */
export const DECIMAL_TYPES: ReadonlySet<string> = new Set(['numeric', 'double precision', 'real']);

/** Digits, one comma, digits (optionally signed), nothing else: `25,5`, `-0,125`, `1200,75`. */
const DECIMAL_COMMA = /^\s*([+-]?\d+),(\d+)\s*$/;

/**
 * A CSV's decimal commas read as decimal points (issue 28, item 9), in the decimal columns only and
 * only when the file's separator is not a comma (a Spanish spreadsheet writes `;`-separated files
 * with `25,5`): there a comma cannot separate fields, and as the import takes no thousands
 * separator, `digits,digits` has one reading. Anything else (`1.234,5`, a comma-separated file's
 * quoted `"25,5"`) is left as it is for the API to refuse with "use . as decimal separator".
 */
export function readDecimalCommas(rows: readonly MassiveRow[], decimalColumns: ReadonlySet<string>, delimiter: string): MassiveRow[] {
  if (delimiter === ',') return [...rows];
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => [column, decimalColumns.has(column) ? value.replace(DECIMAL_COMMA, '$1.$2') : value]),
    ),
  );
}

/** The errors of a dry run, by the grid's row (the request skips empty rows, so indexes are mapped back). */
export function errorsByRow(rows: readonly MassiveRow[], errors: readonly BulkCreateError[]): Map<number, BulkCreateError[]> {
  const sent: number[] = [];
  rows.forEach((row, index) => {
    if (Object.values(row).some((value) => value.trim() !== '')) sent.push(index);
  });
  const byRow = new Map<number, BulkCreateError[]>();
  for (const error of errors) {
    const row = sent[error.index] ?? error.index;
    byRow.set(row, [...(byRow.get(row) ?? []), error]);
  }
  return byRow;
}
