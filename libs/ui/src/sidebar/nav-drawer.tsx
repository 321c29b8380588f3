import { CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import type { ReactNode } from 'react';

export interface NavDrawerProps {
  /** Open or closed (the shell owns it: navigation closes it). */
  open: boolean;
  /** The drawer asks to open or close (Escape, the backdrop, the close button). */
  onOpenChange: (open: boolean) => void;
  /** The sidebars, drawn with `inDrawer`. */
  children: ReactNode;
}

/**
 * The sidebars of a phone: below the `md` breakpoint the rails would take a third of the width, so
 * the main menu, the global filters, the status and the section's menu slide in from the start
 * edge instead. Mounted only while open, so the filters never exist twice. Focus moves in, stays in while open, and returns to the menu button on close.
 */
export function NavDrawer({ open, onOpenChange, children }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="surface.card" maxW="min(20rem, calc(100vw - 2.5rem))">
            <Drawer.Header py="3" px="4" borderBottomWidth="1px">
              <Drawer.Title fontSize="md" color="brand.fg">
                {t('nav.menu')}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="2" py="2">
              <Stack gap="4">{children}</Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('nav.closeMenu')} title={t('nav.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
