import { DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Panel } from '../panel';
import { Construction } from 'lucide-react';

export interface DevPlaceholderProps {
  /** The selections the screen would use; null where nothing is chosen. */
  farm: string | null;
  /** The chosen entity; null where nothing is chosen. */
  entity: string | null;
  /** The chosen location; null where nothing is chosen. */
  location: string | null;
  /** Already formatted, e.g. `14/11 - 21/11`. */
  dateRange: string | null;
  /** What is being built here, e.g. the tab's name. */
  subject?: string;
}

/** The development placeholder of spec section 2, listing the selected farm, entity, location and date range. */
export function DevPlaceholder({ farm, entity, location, dateRange, subject }: DevPlaceholderProps) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('devPlaceholder.farm'), farm],
    [t('devPlaceholder.entity'), entity],
    [t('devPlaceholder.location'), location],
    [t('devPlaceholder.dateRange'), dateRange],
  ];
  return (
    <Flex flex="1" align="center" justify="center" p="8" h="full">
      <Panel variant="dashed" maxW="32rem" w="full">
        <Stack gap="4">
          <Flex align="center" gap="3" color="orange.fg">
            <Construction size={28} aria-hidden />
            <Heading as="h2" size="lg">
              {t('devPlaceholder.title')}
              {subject ? `: ${subject}` : ''}
            </Heading>
          </Flex>
          <Text color="fg.muted">{t('devPlaceholder.description')}</Text>
          <DataList.Root orientation="horizontal">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="semibold" color={value ? 'fg' : 'fg.muted'}>
                  {value ?? t('devPlaceholder.none')}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
      </Panel>
    </Flex>
  );
}
