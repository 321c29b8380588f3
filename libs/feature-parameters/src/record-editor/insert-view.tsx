import { Box } from '@chakra-ui/react';
import type { TableName } from '@camposense/domain';
import { QueryState } from '@camposense/ui';
import { useTableMetaState } from '../table-meta/table-meta-state';
import { RecordEditor } from './record-editor';

export interface InsertViewProps {
  table: TableName;
}

/** The insert sub-tab: the table's form, once its columns and constraints are known. */
export function InsertView({ table }: InsertViewProps) {
  const metaState = useTableMetaState(table);
  return (
    <Box p="4" maxW="56rem">
      <QueryState {...metaState}>{(data) => <RecordEditor table={table} mode="insert" meta={data} />}</QueryState>
    </Box>
  );
}
