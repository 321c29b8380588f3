import { Button, Stack, Text, type StackProps } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { TriangleAlert } from 'lucide-react';

export interface ErrorStateProps extends Omit<StackProps, 'title'> {
  /** What failed, in the reader's language. */
  message: string;
  /** A heading above the message. @default the dictionary's "Error" */
  title?: string;
  /** Called by the retry button; without it there is no button. */
  onRetry?: () => void;
}

/** The error state of every screen that loads something, with its retry. */
export function ErrorState({ message, title, onRetry, ...rest }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Stack role="alert" align="center" justify="center" gap="3" minH="12rem" w="full" textAlign="center" {...rest}>
      <TriangleAlert size={40} aria-hidden color="var(--chakra-colors-red-500)" />
      <Text fontWeight="bold" fontSize="lg">
        {title ?? t('errors.title')}
      </Text>
      <Text color="fg.muted">{message}</Text>
      {onRetry ? (
        <Button colorPalette="brand" variant="solid" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
