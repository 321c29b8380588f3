import { Text } from '@chakra-ui/react';
import { useReferenceRows } from '@camposense/data-access';
import { tableDefinition } from '@camposense/domain';
import type { TableName, TableRow } from '@camposense/domain';

/** One id → label map per answer: every cell of a column shares the rows SWR already holds. */
const labelMaps = new WeakMap<TableRow[], Map<string, string>>();

function labelMap(table: TableName, rows: TableRow[]): Map<string, string> {
  let map = labelMaps.get(rows);
  if (!map) {
    const definition = tableDefinition(table);
    const key = definition.key[0]!;
    map = new Map();
    for (const row of rows) {
      const label = definition.labelColumns
        .map((column) => row[column])
        .filter((value) => value !== null && value !== undefined && value !== '')
        .join(' ');
      if (label) map.set(String(row[key]), label);
    }
    labelMaps.set(rows, map);
  }
  return map;
}

/** Names a foreign key's row (the company's name, not `empresaid 3`); the id until the names arrive or when the row has none. */
export function referenceLabelFor(table: TableName, rows: TableRow[] | undefined, id: unknown): string {
  if (id === null || id === undefined) return '';
  return (rows && labelMap(table, rows).get(String(id))) ?? String(id);
}

export function ReferenceLabel({ table, id }: { table: TableName; id: unknown }) {
  const { data } = useReferenceRows(id === null || id === undefined ? null : table);
  return (
    <Text as="span" whiteSpace="nowrap">
      {referenceLabelFor(table, data, id)}
    </Text>
  );
}
