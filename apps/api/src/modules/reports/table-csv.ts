import type { Database } from '@camposense/db';
import { csvNameColumn, formatInstantInZone, referencedTable, tableDefinition } from '@camposense/domain';
import type { TableDefinition, TableRow } from '@camposense/domain';
import type { CatalogueTable } from '../../sense/catalogue';
import { hasLabels, labelsOf } from '../tables/labels';
import { readerHiddenColumns } from '../../security/reader-view';
import { csvLine, csvNumber, csvText } from './csv';

/*
 * A table's status view as CSV: the columns the view shows, headed by their column names, each
 * value as the API answers it, so a file exported from sensor, metricasensor or umbral is a massive
 * import's CSV as it stands and imports back unchanged (issue 28, item 9). A foreign key keeps its
 * id under its own header, and the name the view shows follows in a column of its own
 * (`nodoid_nombre`, csvNameColumn), one labels query per referenced table per batch; an import
 * reads a name column only where the id is empty. Numbers are written as JSON writes them (dot
 * decimal, no grouping) in a comma-separated file: the same in every language, and what the import
 * reads back (docs/operations.md, "Table CSV files"). Every text cell goes through csvText: a value
 * starting with = + - @ cannot run as a spreadsheet formula.
 */

/**
 * The columns of `table` that name a labelled row of another table, with that table. For a reader,
 * not those whose labels are made of e-mails or phones (a contact's): the labels route refuses
 * them to a reader too (403), so the reader's file keeps the id there.
 */
export function labelledColumns(table: CatalogueTable, { reader = false }: { reader?: boolean } = {}): Map<string, TableDefinition> {
  const columns = new Map<string, TableDefinition>();
  for (const column of table.visible) {
    const name = referencedTable(table.definition, column.column_name);
    if (!name) continue;
    const target = tableDefinition(name);
    const hidden = reader ? readerHiddenColumns(target.name) : [];
    if (hasLabels(target) && !target.labelColumns.some((label) => hidden.includes(label))) columns.set(column.column_name, target);
  }
  return columns;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') return csvText(JSON.stringify(value));
  return csvText(String(value));
}

/**
 * The column names, each foreign key of `references` followed by its name column; with a zone, a
 * date column's names the zone its dates are written in (`datecreated (America/Lima)`).
 */
export function tableCsvHeader(table: CatalogueTable, references: Map<string, TableDefinition>, timeZone: string | null): string {
  const dates = new Set(timeZone ? table.timestamps : []);
  return csvLine(
    table.visible.flatMap(({ column_name: column }) => [
      csvText(dates.has(column) ? `${column} (${timeZone})` : column),
      ...(references.has(column) ? [csvText(csvNameColumn(column))] : []),
    ]),
  );
}

/** One batch of rows as CSV lines, each foreign key of `references` followed by its row's name (empty when it has none). */
export async function tableCsvLines(
  database: Database,
  table: CatalogueTable,
  references: Map<string, TableDefinition>,
  rows: readonly TableRow[],
  timeZone: string | null,
): Promise<string> {
  const dates = new Set(timeZone ? table.timestamps : []);
  const labels = new Map<string, Map<number, string>>();
  const byTable = new Map<string, Set<number>>();
  for (const [column, target] of references) {
    const ids = byTable.get(target.name) ?? new Set<number>();
    for (const row of rows) if (typeof row[column] === 'number') ids.add(row[column]);
    byTable.set(target.name, ids);
  }
  for (const [name, ids] of byTable) labels.set(name, await labelsOf(database, tableDefinition(name as TableDefinition['name']), [...ids]));
  return rows
    .map((row) =>
      csvLine(
        table.visible.flatMap(({ column_name: column }) => {
          const target = references.get(column);
          const value = row[column];
          if (target) return [cell(value), csvText(typeof value === 'number' ? labels.get(target.name)?.get(value) : null)];
          // Local time with its offset in the zone the console shows, as the reports write dates.
          if (dates.has(column) && (typeof value === 'string' || value instanceof Date)) return [csvText(formatInstantInZone(value, timeZone!) ?? '')];
          return [cell(value)];
        }),
      ),
    )
    .join('');
}
