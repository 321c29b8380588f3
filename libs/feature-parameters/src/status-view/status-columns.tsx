import { referencedTable, tableDefinition } from '@camposense/domain';
import type { TableColumn, TableName, TableRow } from '@camposense/domain';
import type { useTranslation } from '@camposense/i18n';
import { DateCell, StatusBadge } from '@camposense/ui';
import type { DataTableColumn } from '@camposense/ui';
import { ReferenceLabel } from './reference-label';

type Translate = ReturnType<typeof useTranslation>['t'];

const AUDIT_HEADERS = new Set(['usercreatedid', 'datecreated', 'usermodifiedid', 'datemodified', 'statusid']);

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The status view's columns, from the catalogue's own list: a foreign key shows its row's name,
 * statusid its coloured badge, a timestamp the language's date; the audit columns carry the spec's
 * headers, the others the schema's name. Every column sorts on the server.
 */
export function statusColumns(table: TableName, columns: readonly TableColumn[], t: Translate): DataTableColumn<TableRow>[] {
  const definition = tableDefinition(table);
  return columns.map((column) => {
    const name = column.column_name;
    const header = AUDIT_HEADERS.has(name) ? t(`parameters.columns.${name as 'statusid'}` as const) : name;
    const base = { id: name, header, sortKey: name };
    if (name === 'statusid') return { ...base, cell: (row) => <StatusBadge statusid={row[name] as number | null} /> };
    if (column.data_type.startsWith('timestamp')) return { ...base, cell: (row) => <DateCell value={row[name] as string | null} /> };
    const reference = referencedTable(definition, name);
    if (reference && tableDefinition(reference).labelColumns.length > 0) {
      return { ...base, cell: (row) => <ReferenceLabel table={reference} id={row[name]} /> };
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
