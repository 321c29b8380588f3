import { Flex, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { CloudOff } from 'lucide-react';
import { useId } from 'react';
import { shellBannerProps } from '../connection-banner/shell-banner';

export interface OfflineNoticeProps {
  /** When the console went offline; null when it does not know (storage refused). */
  since: Date | null;
  /** From when the data on the screen is (the answers the service worker kept); null when none is shown. */
  lastDataAt: Date | null;
}

/**
 * The shell's notice while the console works without signal (issue 30, item 2): since when, from
 * when the data shown is, and that changes wait for the connection. It goes once a fresh answer
 * arrives; the dates follow the display time zone like every other date.
 */
export function OfflineNotice({ since, lastDataAt }: OfflineNoticeProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const titleId = useId();
  const sinceText = formatDateTime(since, i18n.language, { timeZone });
  const lastDataText = formatDateTime(lastDataAt, i18n.language, { timeZone });
  return (
    <Flex
      role="status"
      aria-labelledby={titleId}
      {...shellBannerProps('orange')}
    >
      <CloudOff size={18} aria-hidden />
      <Stack gap="0" flex="1" minW="0">
        <Text id={titleId} fontSize="sm" fontWeight="semibold">
          {sinceText ? t('pwa.offlineTitle', { since: sinceText }) : t('pwa.offlineTitleUnknown')}
          {lastDataText ? ` · ${t('pwa.lastData', { time: lastDataText })}` : null}
        </Text>
        <Text fontSize="xs">{t('pwa.offlineWrites')}</Text>
      </Stack>
    </Flex>
  );
}
