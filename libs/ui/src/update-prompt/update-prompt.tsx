import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';

export interface UpdatePromptProps {
  /** A new version of the console is installed and waits. */
  open: boolean;
  /** Switch to the new version now (the page reloads). */
  onUpdate: () => void;
  /** Keep working; the new version starts with the next visit. */
  onLater: () => void;
}

/**
 * Says that a new version of the console is ready (issue 30, item 2: the service worker registered
 * with `prompt`): the operator chooses when it replaces the running one, so no edit is lost to a
 * reload they did not ask for.
 */
export function UpdatePrompt({ open, onUpdate, onLater }: UpdatePromptProps) {
  const { t } = useTranslation();
  const messageId = useId();
  if (!open) return null;
  return (
    <HStack
      role="alertdialog"
      aria-labelledby={messageId}
      position="fixed"
      zIndex="toast"
      bottom={{ base: '3', md: '4' }}
      insetInline={{ base: '3', md: 'auto' }}
      insetInlineEnd={{ md: '4' }}
      maxW={{ md: '28rem' }}
      gap="3"
      px="4"
      py="3"
      wrap="wrap"
      bg="surface.card"
      borderWidth="1px"
      borderColor="border.emphasized"
      borderRadius="md"
      boxShadow="lg"
    >
      <RefreshCw size={18} aria-hidden />
      <Text id={messageId} fontSize="sm" fontWeight="semibold" flex="1" minW="12rem">
        {t('pwa.updateAvailable')}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="ghost" onClick={onLater}>
          {t('pwa.later')}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={onUpdate}>
          {t('pwa.update')}
        </Button>
      </HStack>
    </HStack>
  );
}
