import { Text } from '@chakra-ui/react';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';

export interface DateCellProps {
  /** An ISO 8601 date-time; null or undefined reads N/A. */
  value: string | null | undefined;
}

/**
 * day/month/year hour:minute in the language's locale and the console's display zone (the farm's,
 * or the browser's by the setting; issue 16); N/A when empty. The column's header names the zone.
 */
export function DateCell({ value }: DateCellProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const text = formatDateTime(value, i18n.language, { timeZone });
  return (
    <Text as="span" whiteSpace="nowrap" color={text ? undefined : 'fg.muted'}>
      {text ?? t('reports.notAvailable')}
    </Text>
  );
}
