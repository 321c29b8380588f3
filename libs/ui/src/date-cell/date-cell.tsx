import { Text } from '@chakra-ui/react';
import { formatDateTime, useTranslation } from '@camposense/i18n';

export interface DateCellProps {
  /** An ISO 8601 date-time; null or undefined reads N/A. */
  value: string | null | undefined;
}

/** day/month/year hour:minute in the language's locale and the browser's time zone; N/A when empty. */
export function DateCell({ value }: DateCellProps) {
  const { t, i18n } = useTranslation();
  const text = formatDateTime(value, i18n.language);
  return (
    <Text as="span" whiteSpace="nowrap" color={text ? undefined : 'fg.muted'}>
      {text ?? t('reports.notAvailable')}
    </Text>
  );
}
