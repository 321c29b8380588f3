import { tableDefinition } from '@camposense/domain';
import type { TableName, TableRow } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher, apiRequestVersioned } from '../client/api-client';
import { tableKeys, tablePaths } from './keys';
import type { AncestorStart } from './keys';

/** A row's key as the API takes it: the single id, or the composite key's columns. */
export function rowKeyValues(table: TableName, row: TableRow): Record<string, unknown> {
  return Object.fromEntries(tableDefinition(table).key.map((column) => [column, row[column]]));
}

/** One row as the API answers it by its key, with the version (`ETag`) an update sends back in If-Match. */
export interface VersionedRow {
  row: TableRow;
  etag: string | null;
}

/**
 * One row by its key, read fresh with its ETag (the form that edits it sends the tag back, so a
 * change someone else made in between is refused with 412 instead of overwritten). Null key: no request.
 */
export function useVersionedRow(table: TableName, key: Readonly<Record<string, unknown>> | null) {
  return useSWR<VersionedRow>(key ? tableKeys.row(table, key) : null, async ([, name, , rowKey]: readonly [string, TableName, string, Record<string, unknown>]) => {
    const { body, etag } = await apiRequestVersioned<TableRow>(tablePaths.rowByKey(name, rowKey));
    return { row: body, etag };
  });
}

/**
 * The ids above each given row in the location hierarchy, by table (a location → its farm,
 * company and country), read row by row up the registry's parents: what an edit form's cascading
 * selects start from. One answer per start, in order; no starts: no request.
 */
export function useCascadeAncestors(starts: readonly AncestorStart[]) {
  return useSWR<Partial<Record<TableName, number>>[]>(starts.length > 0 ? tableKeys.ancestors(starts) : null, ([, , pairs]: readonly [string, string, [TableName, number][]]) =>
    Promise.all(
      pairs.map(async ([startTable, startId]) => {
        const found: Partial<Record<TableName, number>> = {};
        let table = startTable;
        let id = startId;
        for (let parent = tableDefinition(table).parent; parent; parent = tableDefinition(table).parent) {
          const row = await apiFetcher<TableRow>(tablePaths.row(table, id));
          id = Number(row[parent.column]);
          table = parent.table;
          found[table] = id;
        }
        return found;
      }),
    ),
  );
}
