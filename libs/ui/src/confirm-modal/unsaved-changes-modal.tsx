import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { TriangleAlert } from 'lucide-react';
import { useRef } from 'react';

/** What the person is switching to: another parameters table, or another operation of the same table. */
export type UnsavedChangesType = 'parameter' | 'subtab';

/** The operations of the third sidebar; as a subtab target they are shown by their label (Crear, …). */
const OPERATION_IDS = ['status', 'insert', 'update', 'massive'] as const;
type OperationId = (typeof OPERATION_IDS)[number];

function isOperationId(value: string): value is OperationId {
  return (OPERATION_IDS as readonly string[]).includes(value);
}

export interface UnsavedChangesModalProps {
  open: boolean;
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const targetLabel = type === 'subtab' && isOperationId(target) ? t(`operations.${target}`) : target;
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      // Staying is the safe answer, so it has the focus first.
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header gap="3" alignItems="center">
              <Text as="span" color="orange.fg" display="inline-flex">
                <TriangleAlert size={22} aria-hidden />
              </Text>
              <Dialog.Title>{t('unsavedChanges.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg.muted">
                {t(type === 'parameter' ? 'unsavedChanges.parameter' : 'unsavedChanges.subtab', { target: targetLabel })}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                {t('unsavedChanges.cancel')}
              </Button>
              <Button colorPalette="orange" onClick={onConfirm}>
                {t('unsavedChanges.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
