import { Flex } from '@chakra-ui/react';
import type { TableName, TableOperation } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, SectionPlaceholder } from '@camposense/ui';
import { Table2 } from 'lucide-react';

export interface ParametersScreenProps {
  table: TableName;
  operation: TableOperation;
  /** Whether the signed-in role may write (admin). */
  canWrite: boolean;
}

/**
 * One parameters table and operation. The table views and forms come with the parameters issue;
 * a reader asked for a write operation is told plainly that the role only reads.
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
  return (
    <SectionPlaceholder
      icon={<Table2 size={26} />}
      title={`${t(`tables.${table}`)} · ${t(`operations.${operation}`)}`}
      description={t('devPlaceholder.title')}
      accent="section.parameters"
    />
  );
}
