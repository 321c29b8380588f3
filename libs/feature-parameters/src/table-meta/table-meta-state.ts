import { useTableMeta } from '@camposense/data-access';
import type { TableMeta } from '@camposense/data-access';
import type { TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { QueryStateProps } from '@camposense/ui';

/**
 * A table's columns and constraints (what its forms and grid are built from) as `QueryState`
 * props: "Cargando..." with the table's name, and "Error al cargar los registros de {table}"
 * with retry. `<QueryState {...useTableMetaState(table)}>{(meta) => …}</QueryState>`.
 */
export function useTableMetaState(table: TableName | null): Omit<QueryStateProps<TableMeta>, 'children'> {
  const { t } = useTranslation();
  const meta = useTableMeta(table);
  const tableName = table ? t(`tables.${table}`) : '';
  return {
    query: meta,
    loadingLabel: t('parameters.loading'),
    loadingDetail: tableName,
    errorMessage: t('parameters.loadError', { table: tableName }),
  };
}
