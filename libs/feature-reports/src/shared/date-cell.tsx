import { Text } from '@chakra-ui/react';
import { formatDateTime, useTranslation } from '@camposense/i18n';

/** day/month/year hour:minute in the language's locale and the browser's time zone; N/A when empty. */
export function DateCell({ value }: { value: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const text = formatDateTime(value, i18n.language);
  return (
    <Text as="span" whiteSpace="nowrap" color={text ? undefined : 'fg.muted'}>
      {text ?? t('reports.notAvailable')}
    </Text>
  );
}
