import type { TableRow } from '@camposense/domain';
import { combineWholeTables, useWholeTable } from '../tables/rows-query';
import type { FormListsState } from '../tables/rows-query';

/** What the contact form offers: the media (`correo`, `sms`), the countries' calling codes, and the contacts there are. */
export interface ContactFormData {
  medios: TableRow[];
  codigos: TableRow[];
  contactos: TableRow[];
}

/**
 * The media, calling codes and contacts of the contact form, each read whole (up to the API's page
 * limit): two short reference lists, and the contacts to show which ones the chosen user already
 * has. A save through `useCreateRowMutation('contacto')` revalidates the contacts.
 */
export function useContactFormData(): FormListsState<ContactFormData> {
  return combineWholeTables({ medios: useWholeTable('medio'), codigos: useWholeTable('codigotelefono'), contactos: useWholeTable('contacto') });
}
