import { Field, Text, Textarea } from '@chakra-ui/react';
import { ACKNOWLEDGE_NOTE_MAX_LENGTH } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ConfirmDialog } from '@camposense/ui';
import { useState } from 'react';

export interface AcknowledgeEpisodeDialogProps {
  /** The active alerts the episode holds: what acknowledging it takes. */
  count?: number;
  /** What acknowledging takes, when it is not counted in alerts (a silent node's no-data episode has none). */
  description?: string;
  /** What a failed try says; the alerts report's text otherwise. */
  errorMessage?: string;
  /** The acknowledgement is on its way: the confirm button spins and cancel waits. */
  busy?: boolean;
  /** The last try failed: said in the dialog, which stays open to try again. */
  failed?: boolean;
  /** Acknowledge, with the operator's note (trimmed; empty is no note). */
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/**
 * Acknowledging an episode is a decision: the dialog says how many alerts it takes, that their
 * notices and escalation stop, and takes an optional note, bounded as the API bounds it.
 */
export function AcknowledgeEpisodeDialog({ count = 1, description, errorMessage, busy = false, failed = false, onConfirm, onCancel }: AcknowledgeEpisodeDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > ACKNOWLEDGE_NOTE_MAX_LENGTH;
  return (
    <ConfirmDialog
      open
      title={t('reports.alerts.acknowledgeEpisodeTitle')}
      description={description ?? t('reports.alerts.acknowledgeEpisodeDescription', { count })}
      confirmLabel={t('reports.alerts.acknowledgeAllConfirm')}
      busy={busy}
      onConfirm={() => {
        if (!tooLong) onConfirm(note.trim());
      }}
      onCancel={onCancel}
    >
      <Field.Root invalid={tooLong} mt="4" disabled={busy}>
        <Field.Label>{t('reports.alerts.acknowledgeNote')}</Field.Label>
        <Textarea
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('reports.alerts.acknowledgeNotePlaceholder')}
          rows={3}
          autoresize
        />
        <Field.HelperText>{t('reports.alerts.acknowledgeNoteLength', { length: note.trim().length, max: ACKNOWLEDGE_NOTE_MAX_LENGTH })}</Field.HelperText>
        {tooLong && <Field.ErrorText>{t('reports.alerts.acknowledgeNoteTooLong', { max: ACKNOWLEDGE_NOTE_MAX_LENGTH })}</Field.ErrorText>}
      </Field.Root>
      {failed && (
        <Text role="alert" color="fg.error" fontSize="sm" mt="3">
          {errorMessage ?? t('reports.alerts.acknowledgeError')}
        </Text>
      )}
    </ConfirmDialog>
  );
}
