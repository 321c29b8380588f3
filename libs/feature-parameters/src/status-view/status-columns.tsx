import type { ReferenceLabelSets } from '@camposense/data-access';
import { referencedTable, tableDefinition } from '@camposense/domain';
import type { TableColumn, TableName, TableRow } from '@camposense/domain';
import { formatNumber } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { DateCell, StatusBadge } from '@camposense/ui';
import type { DataTableColumn } from '@camposense/ui';
import { ReferenceLabel } from './reference-label';

const AUDIT_HEADERS = new Set(['usercreatedid', 'datecreated', 'usermodifiedid', 'datemodified', 'statusid']);

/** Catalogue types whose values have decimals: shown in the language's format (es `-8,42`). Ids and counts stay as they are. */
const DECIMAL_TYPES = new Set(['numeric', 'double precision', 'real']);
/** Enough for coordinates: a status view shows the stored value, not a rounded one. */
const STATUS_FRACTION_DIGITS = 8;

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The named tables each column of `table` points at (a foreign key whose table has a label), by column. */
function namedReferences(table: TableName, columns: readonly TableColumn[]): Map<string, TableName> {
  const definition = tableDefinition(table);
  const found = new Map<string, TableName>();
  for (const { column_name: name } of columns) {
    const reference = referencedTable(definition, name);
    if (reference && tableDefinition(reference).labelColumns.length > 0) found.set(name, reference);
  }
  return found;
}

/** The ids one page of `table` points at, by referenced table: what its cells' names are asked for. */
export function referencedIds(table: TableName, columns: readonly TableColumn[], rows: readonly TableRow[]): Partial<Record<TableName, unknown[]>> {
  const ids: Partial<Record<TableName, unknown[]>> = {};
  for (const [column, reference] of namedReferences(table, columns)) (ids[reference] ??= []).push(...rows.map((row) => row[column]));
  return ids;
}

/**
 * A column's header in the person's language (spec: abbreviation, latitude, …, created by,
 * status): the audit columns' own headers, ID for the table's own key, else the field's name the
 * forms use; a column no dictionary names shows as itself.
 */
function columnHeader(table: TableName, name: string, t: Translate): string {
  if (AUDIT_HEADERS.has(name)) return t(`parameters.columns.${name as 'statusid'}` as const);
  const definition = tableDefinition(table);
  if (definition.key.length === 1 && definition.key[0] === name) return t('parameters.columns.id');
  return t(`parameters.fields.${name as 'pais'}` as const, { defaultValue: name });
}

/**
 * The status view's columns, from the catalogue's own list: a foreign key shows its row's name
 * (from `labels`, the names of the page's ids), statusid its coloured badge, a timestamp the
 * language's date, a decimal number the language's format (`25,5` in Spanish), each under its
 * header in the person's language. Every column sorts on the server.
 */
export function statusColumns(
  table: TableName,
  columns: readonly TableColumn[],
  t: Translate,
  labels: ReferenceLabelSets,
  language: string,
): DataTableColumn<TableRow>[] {
  const references = namedReferences(table, columns);
  return columns.map((column) => {
    const name = column.column_name;
    const header = columnHeader(table, name, t);
    const base = { id: name, header, sortKey: name };
    if (name === 'statusid') return { ...base, cell: (row) => <StatusBadge statusid={row[name] as number | null} /> };
    if (column.data_type.startsWith('timestamp')) return { ...base, cell: (row) => <DateCell value={row[name] as string | null} /> };
    const reference = references.get(name);
    if (reference) {
      return { ...base, cell: (row) => <ReferenceLabel id={row[name]} label={labels.get(reference)?.get(Number(row[name]))} /> };
    }
    if (DECIMAL_TYPES.has(column.data_type)) {
      return { ...base, cell: (row) => (typeof row[name] === 'number' ? formatNumber(row[name], language, STATUS_FRACTION_DIGITS) : plainText(row[name])) };
    }
    return { ...base, cell: (row) => plainText(row[name]) };
  });
}

/** A row's key as one string: the id, or the composite key's values. */
export function rowKeyOf(table: TableName, row: TableRow): string {
  return tableDefinition(table)
    .key.map((column) => String(row[column]))
    .join('|');
}
