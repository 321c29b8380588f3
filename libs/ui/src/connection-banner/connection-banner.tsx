import { Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { WifiOff } from 'lucide-react';
import { useId } from 'react';

export interface ConnectionBannerProps {
  /** The API cannot be reached; nothing is shown otherwise. */
  lost: boolean;
  /** Ask again now instead of waiting for the next retry. */
  onRetryNow: () => void;
}

/**
 * The shell's lost-connection banner: shown while no request gets an answer, it says the console
 * keeps retrying (with backoff) and goes away by itself once an answer comes back.
 */
export function ConnectionBanner({ lost, onRetryNow }: ConnectionBannerProps) {
  const { t } = useTranslation();
  const messageId = useId();
  if (!lost) return null;
  return (
    <Flex
      role="alert"
      // Named by its message, so it can be told from the error boxes (also alerts) that failed requests show.
      aria-labelledby={messageId}
      align="center"
      gap="3"
      px={{ base: '3', md: '4' }}
      py="2"
      wrap="wrap"
      bg="red.subtle"
      color="red.fg"
      borderBottomWidth="1px"
      borderColor="red.muted"
      flexShrink={0}
    >
      <WifiOff size={18} aria-hidden />
      <Text id={messageId} fontSize="sm" fontWeight="semibold" flex="1" minW="12rem">
        {t('systemStatus.connectionLost')}
      </Text>
      <Spinner size="xs" aria-hidden />
      <Button size="xs" variant="outline" colorPalette="red" onClick={onRetryNow}>
        {t('systemStatus.retryNow')}
      </Button>
    </Flex>
  );
}
