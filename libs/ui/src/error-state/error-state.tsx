import { Button, Text } from '@chakra-ui/react';
import { isNetworkFailure } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { TriangleAlert } from 'lucide-react';
import { StateView, type StateViewProps } from '../state-view/state-view';

export interface ErrorStateProps extends Omit<StateViewProps, 'title' | 'size'> {
  /** What failed, in the reader's language. */
  message: string;
  /** A heading above the message. @default the dictionary's "Error" */
  title?: string;
  /** Called by the retry button; without it there is no button. */
  onRetry?: () => void;
  /**
   * The failure itself, never shown: a request that got no answer says so ("No se pudo conectar
   * con el servidor…") under `message` as the heading. @default none
   */
  error?: unknown;
}

/** The error state of every screen that loads something, with its retry. */
export function ErrorState({ message: whatFailed, title: titleProp, onRetry, error, ...rest }: ErrorStateProps) {
  const { t } = useTranslation();
  const network = isNetworkFailure(error);
  const title = network ? whatFailed : titleProp;
  const message = network ? t('errors.networkFailure') : whatFailed;
  return (
    <StateView role="alert" gap="3" textAlign="center" {...rest}>
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
    </StateView>
  );
}
