import { chakra, Popover, Portal, Text } from '@chakra-ui/react';
import type { MensajeReportRow } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';

/** The linked user's first and last name, else the login, else `Contact {contactoid}`. */
export function contactName(row: Pick<MensajeReportRow, 'contactoid' | 'contacto'>, t: Translate): string {
  const usuario = row.contacto?.usuario;
  const name = [usuario?.firstname, usuario?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  if (usuario?.login) return usuario.login;
  return t('reports.messages.contact', { id: row.contactoid });
}

export interface MessageTextProps {
  text: string;
  /** The popover's heading (the message's id). */
  title: string;
  /** The accessible hint of the button that opens it. */
  showFullLabel: string;
}

/**
 * The message on one line, as wide as its column lets it be (it adds no width of its own, so the
 * column takes what the others leave); the whole text on hover (title) and, on click, in a popover.
 */
export function MessageText({ text, title, showFullLabel }: MessageTextProps) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <chakra.button
          type="button"
          display="block"
          position="relative"
          w="full"
          minW="14rem"
          h="1lh"
          textAlign="start"
          cursor="pointer"
          rounded="sm"
          aria-description={showFullLabel}
          _hover={{ color: 'fg' }}
          focusVisibleRing="outside"
        >
          <Text as="span" position="absolute" inset="0" truncate title={text}>
            {text}
          </Text>
        </chakra.button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="max-content" maxW="min(32rem, calc(100vw - 2rem))" aria-label={title}>
            <Popover.Arrow>
              <Popover.ArrowTip />
            </Popover.Arrow>
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="2">
                {title}
              </Popover.Title>
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                {text}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
