import { Text } from '@chakra-ui/react';
import type { MensajeReportRow } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';

/** The linked user's first and last name, else the login, else `Contact {contactoid}`. */
export function contactName(row: MensajeReportRow, t: Translate): string {
  const usuario = row.contacto?.usuario;
  const name = [usuario?.firstname, usuario?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  if (usuario?.login) return usuario.login;
  return t('reports.messages.contact', { id: row.contactoid });
}

/**
 * The message, cut to one line: the whole text stays in the cell (screen readers read all of it)
 * and shows on hover as the title.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <Text as="span" display="block" maxW="18rem" truncate title={text}>
      {text}
    </Text>
  );
}
