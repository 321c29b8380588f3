import { Box } from '@chakra-ui/react';
import type { FormListsState } from '@camposense/data-access';
import type { TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { QueryState } from '@camposense/ui';
import type { QueryStateProps } from '@camposense/ui';

export interface FormListsViewProps<Data> extends Pick<QueryStateProps<Data>, 'empty' | 'children'> {
  /** The table the form writes, named in the loading and error states. */
  table: TableName;
  /** The lists the form chooses from, loaded together. */
  state: FormListsState<Data>;
  /** @default '64rem' */
  maxW?: string;
}

/**
 * The frame of a specialised parameters form (issue 13): its lists loading, failing with a retry,
 * empty, or the form itself once all of them answered.
 */
export function FormListsView<Data>({ table, state, maxW = '64rem', ...shown }: FormListsViewProps<Data>) {
  const { t } = useTranslation();
  const tableName = t(`tables.${table}`);
  return (
    <Box p="4" maxW={maxW}>
      <QueryState
        query={{ data: state.data, error: state.error, isValidating: state.isValidating, mutate: state.retry }}
        loadingLabel={t('parameters.loading')}
        loadingDetail={tableName}
        errorMessage={t('parameters.loadError', { table: tableName })}
        {...shown}
      />
    </Box>
  );
}
