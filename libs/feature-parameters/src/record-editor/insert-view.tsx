import { Box } from '@chakra-ui/react';
import { useTableMeta } from '@camposense/data-access';
import type { TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { QueryState } from '@camposense/ui';
import { RecordEditor } from './record-editor';

export interface InsertViewProps {
  table: TableName;
}

/** The insert sub-tab: the table's form, once its columns and constraints are known. */
export function InsertView({ table }: InsertViewProps) {
  const { t } = useTranslation();
  const meta = useTableMeta(table);
  const tableName = t(`tables.${table}`);
  return (
    <Box p="4" maxW="56rem">
      <QueryState
        data={meta.data}
        error={meta.error}
        isValidating={meta.isValidating}
        onRetry={() => void meta.mutate()}
        loadingLabel={t('parameters.loading')}
        loadingDetail={tableName}
        errorMessage={t('parameters.loadError', { table: tableName })}
      >
        {(data) => <RecordEditor table={table} mode="insert" meta={data} />}
      </QueryState>
    </Box>
  );
}
