import { useTranslation } from '@camposense/i18n';
import { ConfirmDialog } from '../confirm-dialog';

/** What the person is switching to: another parameters table, or another operation of the same table. */
export type UnsavedChangesType = 'parameter' | 'subtab';

/** The operations of the third sidebar; as a subtab target they are shown by their label (Crear, …). */
const OPERATION_IDS = ['status', 'insert', 'update', 'massive'] as const;
type OperationId = (typeof OPERATION_IDS)[number];

function isOperationId(value: string): value is OperationId {
  return (OPERATION_IDS as readonly string[]).includes(value);
}

export interface UnsavedChangesModalProps {
  /** Shows the dialog. */
  open: boolean;
  /** What is being switched: another table (parameter) or another subtab; picks the sentence. */
  type: UnsavedChangesType;
  /**
   * The table (parameter) or subtab being switched to. A subtab may be given as an operation id
   * (`status`, `insert`, `update`, `massive`): it is shown as its label in the active language.
   */
  target: string;
  /** CONTINUAR: switch and lose what was entered. */
  onConfirm: () => void;
  /** CANCELAR, Escape or a click outside: stay where the data is. */
  onCancel: () => void;
}

/** Asks before a switch of table or subtab throws away a form's unsaved data. */
export function UnsavedChangesModal({ open, type, target, onConfirm, onCancel }: UnsavedChangesModalProps) {
  const { t } = useTranslation();
  const targetLabel = type === 'subtab' && isOperationId(target) ? t(`operations.${target}`) : target;
  return (
    <ConfirmDialog
      open={open}
      title={t('unsavedChanges.title')}
      description={t(type === 'parameter' ? 'unsavedChanges.parameter' : 'unsavedChanges.subtab', { target: targetLabel })}
      confirmLabel={t('unsavedChanges.confirm')}
      cancelLabel={t('unsavedChanges.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
