import type { BulkCreateError } from '@camposense/domain';

/** One row of the grid: column → text as typed or read from the CSV. */
export type MassiveRow = Record<string, string>;

/** The request's rows: only the cells that hold something (an empty cell is "not given"). */
export function requestRows(rows: readonly MassiveRow[]): Record<string, string>[] {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value.trim() !== '').map(([column, value]) => [column, value.trim()])))
    .filter((row) => Object.keys(row).length > 0);
}

/** Rows of a CSV in the grid's columns; the CSV's other columns are named so the person knows they were left out. */
export function fromCsv(columns: readonly string[], csvColumns: readonly string[], csvRows: readonly Record<string, string>[]) {
  const known = new Set(columns);
  const unknown = csvColumns.filter((column) => !known.has(column));
  const rows = csvRows.map((record) => Object.fromEntries(columns.map((column) => [column, record[column] ?? ''])));
  return { rows, unknown };
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
