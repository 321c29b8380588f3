import { rowLabel, tableDefinition } from '@camposense/domain';
import type { TableName, TableRow } from '@camposense/domain';

/** A row named for a person: its label and its key (`Agrícola Virú (empresaid 1)`), or the key alone for link tables. */
export function rowText(table: TableName, row: TableRow): string {
  const definition = tableDefinition(table);
  const label = rowLabel(definition, row);
  const key = definition.key.map((column) => `${column} ${String(row[column])}`).join(', ');
  return label ? `${label} (${key})` : key;
}
