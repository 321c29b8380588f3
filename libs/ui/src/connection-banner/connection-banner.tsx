import { Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { WifiOff } from 'lucide-react';
import { useId } from 'react';
import type { ConnectionState } from '../status-card/connection-state';
import { shellBannerProps } from './shell-banner';

export interface ConnectionBannerProps {
  /**
   * The console's one connection state (the header and the live indicator show the same): the
   * banner shows while `reconnecting` (retrying) or `off` (stopped), nothing otherwise.
   */
  state: ConnectionState;
  /** Ask again now instead of waiting for the next retry. */
  onRetryNow: () => void;
}

/**
 * The shell's lost-connection banner: shown while requests get no answer or the live stream is
 * down, it says the console keeps retrying (with backoff) and goes away by itself once the
 * connection is back; when the console stopped retrying it says so, and the button starts again.
 */
export function ConnectionBanner({ state, onRetryNow }: ConnectionBannerProps) {
  const { t } = useTranslation();
  const messageId = useId();
  if (state !== 'reconnecting' && state !== 'off') return null;
  return (
    <Flex
      role="alert"
      // Named by its message, so it can be told from the error boxes (also alerts) that failed requests show.
      aria-labelledby={messageId}
      {...shellBannerProps('red')}
      wrap="wrap"
    >
      <WifiOff size={18} aria-hidden />
      <Text id={messageId} fontSize="sm" fontWeight="semibold" flex="1" minW="12rem">
        {state === 'off' ? t('systemStatus.liveOff') : t('systemStatus.connectionLost')}
      </Text>
      {state === 'reconnecting' ? <Spinner size="xs" aria-hidden /> : null}
      <Button size="xs" variant="outline" colorPalette="red" onClick={onRetryNow}>
        {t('systemStatus.retryNow')}
      </Button>
    </Flex>
  );
}
