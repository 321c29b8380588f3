import { useSignedOutTexts } from '@camposense/i18n';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import '../theme/first-load.css';
import type { UpdatePromptProps } from './update-prompt';
import styles from './signed-out-update-prompt.module.css';

/**
 * UpdatePrompt for the signed-out screens (the sign-in): the same message, answers and place, in
 * plain CSS and without i18next, so the first download stays without Chakra (issue 30, item 3).
 * A new version may wait before anyone signs in: the operator still chooses when it replaces this one.
 */
export function SignedOutUpdatePrompt({ open, onUpdate, onLater }: UpdatePromptProps) {
  const { t } = useSignedOutTexts();
  const messageId = useId();
  if (!open) return null;
  return (
    <div role="alertdialog" aria-labelledby={messageId} className={`cs-reset ${styles.prompt}`}>
      <RefreshCw size={18} aria-hidden />
      <p id={messageId} className={styles.message}>
        {t('pwa.updateAvailable')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.later} onClick={onLater}>
          {t('pwa.later')}
        </button>
        <button type="button" className={styles.update} onClick={onUpdate}>
          {t('pwa.update')}
        </button>
      </div>
    </div>
  );
}
