import type { TableColumn, TableConstraint, TableName } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { tableKeys, tablePaths } from './keys';

export interface TableMeta {
  columns: TableColumn[];
  constraints: TableConstraint[];
}

/** The database's own description of a table: its columns and constraints, which the forms are built from. */
export function useTableMeta(table: TableName | null) {
  return useSWR<TableMeta>(table ? tableKeys.meta(table) : null, async ([, name]: readonly [string, TableName]) => {
    const [columns, constraints] = await Promise.all([apiFetcher<TableColumn[]>(tablePaths.columns(name)), apiFetcher<TableConstraint[]>(tablePaths.constraints(name))]);
    return { columns, constraints };
  });
}
