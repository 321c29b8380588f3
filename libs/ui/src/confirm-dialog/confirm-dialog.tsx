import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  /** Shows the dialog. */
  open: boolean;
  /** The question asked, e.g. ¿Eliminar el registro? */
  title: string;
  /** What happens on confirm, in plain words. */
  description: ReactNode;
  /** @default the dictionary's CONTINUAR */
  confirmLabel?: string;
  /** @default the dictionary's CANCELAR */
  cancelLabel?: string;
  /** The confirm button's colour: orange warns, red destroys. @default 'orange' */
  tone?: 'orange' | 'red';
  /** The confirmed action is running: the confirm button spins and cancel waits. @default false */
  busy?: boolean;
  /** The confirm button: run the action. */
  onConfirm: () => void;
  /** Cancel, Escape or a click outside: nothing happens. */
  onCancel: () => void;
  /** Fields the answer takes (a note), below the description. */
  children?: ReactNode;
}

/**
 * Asks before something that cannot be undone (losing a form, deleting a row). The safe answer,
 * cancel, has the focus first; the dialog is an alertdialog for screen readers.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'orange',
  busy = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header gap="3" alignItems="center">
              <Text as="span" color={`${tone}.fg`} display="inline-flex">
                <TriangleAlert size={22} aria-hidden />
              </Text>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg.muted">{description}</Dialog.Description>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" disabled={busy} onClick={onCancel}>
                {cancelLabel ?? t('unsavedChanges.cancel')}
              </Button>
              {/* While busy the spinner hides the text: the label keeps the button's name. */}
              <Button colorPalette={tone} loading={busy} aria-label={busy ? (confirmLabel ?? t('unsavedChanges.confirm')) : undefined} onClick={onConfirm}>
                {confirmLabel ?? t('unsavedChanges.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
