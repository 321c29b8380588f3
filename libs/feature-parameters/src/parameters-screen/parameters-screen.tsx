import { Flex } from '@chakra-ui/react';
import type { TableName, TableOperation } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, SectionPlaceholder } from '@camposense/ui';
import { Table2 } from 'lucide-react';
import { StatusView } from '../status-view/status-view';

export interface ParametersScreenProps {
  table: TableName;
  operation: TableOperation;
  /** Whether the signed-in role may write (admin). */
  canWrite: boolean;
}

/**
 * One parameters table and operation: status shows the table view (for every role); the forms
 * come next. A reader asked for a write operation is told plainly that the role only reads.
 */
export function ParametersScreen({ table, operation, canWrite }: ParametersScreenProps) {
  const { t } = useTranslation();
  if (operation !== 'status' && !canWrite) {
    return (
      <Flex flex="1" align="center" justify="center" p="8">
        <ErrorBox maxW="32rem" title={t('access.readOnlyTitle')} message={t('access.readOnly')} />
      </Flex>
    );
  }
  if (operation === 'status') return <StatusView key={table} table={table} />;
  return (
    <SectionPlaceholder
      icon={<Table2 size={26} />}
      title={`${t(`tables.${table}`)} · ${t(`operations.${operation}`)}`}
      description={t('devPlaceholder.title')}
      accent="section.parameters"
    />
  );
}
