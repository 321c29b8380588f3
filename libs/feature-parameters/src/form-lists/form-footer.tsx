import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, useWriteLock, WriteLockReason } from '@camposense/ui';

export interface FormFooterProps {
  /** Why the last save failed, in the reader's words. */
  failure: string | null;
  busy: boolean;
  /** The submit button's text (ASIGNAR, CREAR) and its text while busy. */
  submitLabel: string;
  busyLabel: string;
}

/** The end of a specialised parameters form: the required-field note, a failed save's reason, and its submit button. */
export function FormFooter({ failure, busy, submitLabel, busyLabel }: FormFooterProps) {
  const { t } = useTranslation();
  const writeLock = useWriteLock();
  return (
    <>
      <Text fontSize="xs" color="fg.muted">
        {t('validation.requiredMark')}
      </Text>
      {failure ? <ErrorBox title={t('parameters.form.failedTitle')} message={failure} /> : null}
      <HStack wrap="wrap">
        <Button type="submit" colorPalette="orange" loading={busy} loadingText={busyLabel} disabled={writeLock.locked} {...writeLock.describe}>
          {submitLabel}
        </Button>
        <WriteLockReason lock={writeLock} />
      </HStack>
    </>
  );
}
