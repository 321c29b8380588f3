import type { PaginatedRows, TableRow } from '@camposense/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { parameterFormKeys } from './keys';

/** What the contact form offers: the media (`correo`, `sms`), the countries' calling codes, and the contacts there are. */
export interface ContactFormData {
  medios: TableRow[];
  codigos: TableRow[];
  contactos: TableRow[];
}

/**
 * The media, calling codes and contacts of the contact form, each read whole (up to the API's page
 * limit): two short reference lists, and the contacts to show which ones the chosen user already
 * has. A save through `useTableRowMutations('contacto')` revalidates the contacts.
 */
export function useContactFormData() {
  const medios = useSWR<PaginatedRows>(parameterFormKeys.allRows('medio'), apiFetcher, { keepPreviousData: true });
  const codigos = useSWR<PaginatedRows>(parameterFormKeys.allRows('codigotelefono'), apiFetcher, { keepPreviousData: true });
  const contactos = useSWR<PaginatedRows>(parameterFormKeys.allRows('contacto'), apiFetcher, { keepPreviousData: true });
  const data: ContactFormData | undefined =
    medios.data && codigos.data && contactos.data ? { medios: medios.data.data, codigos: codigos.data.data, contactos: contactos.data.data } : undefined;
  const retry = useCallback(() => {
    void medios.mutate();
    void codigos.mutate();
    void contactos.mutate();
  }, [medios, codigos, contactos]);
  return {
    data,
    error: medios.error ?? codigos.error ?? contactos.error,
    isValidating: medios.isValidating || codigos.isValidating || contactos.isValidating,
    retry,
  };
}
