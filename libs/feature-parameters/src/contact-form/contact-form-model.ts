import type { TableRow } from '@camposense/domain';

/** How a person is reached: the medium names the database's contact check knows. */
export type ContactMethod = 'sms' | 'correo';

export interface ContactFormValues {
  usuarioid: number | null;
  medioid: number | null;
  codigotelefonoid: number | null;
  celular: string;
  correo: string;
}

export type ContactProblem = 'chooseUserFirst' | 'required' | 'digitsOnly' | 'phoneLength' | 'invalidEmail' | 'alreadyThere';

/** A mobile number's digits, as the database's `contacto_celular_check` allows them. */
export const PHONE_DIGITS = { min: 6, max: 15 } as const;

export const emptyContact: ContactFormValues = { usuarioid: null, medioid: null, codigotelefonoid: null, celular: '', correo: '' };

/** The medium a `medioid` names, or null for none or one the form does not know. */
export function methodOf(medioid: number | null, medios: readonly TableRow[]): ContactMethod | null {
  const name = medios.find((medio) => Number(medio['medioid']) === medioid)?.['nombre'];
  return name === 'sms' || name === 'correo' ? name : null;
}

/** A number as typed, without the spaces, dots and dashes people write between digit groups. */
export const phoneDigits = (typed: string) => typed.replace(/[\s.\-()]/g, '');

/** An address as stored: trimmed and lower-cased, so the same mailbox is never two contacts. */
export const normalEmail = (typed: string) => typed.trim().toLowerCase();

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The contacts `usuarioid` already has: what the form lists, and what it refuses to add twice. */
export const contactsOf = (usuarioid: number | null, contactos: readonly TableRow[]) =>
  usuarioid === null ? [] : contactos.filter((contacto) => Number(contacto['usuarioid']) === usuarioid);

/**
 * What is wrong with the form, field by field: a user comes first (the spec's "first select a
 * user"), then the medium; a phone needs its country's code and 6 to 15 digits, an e-mail a
 * well-formed address; and the user must not have that same contact already.
 */
export function contactProblems(values: ContactFormValues, method: ContactMethod | null, contactos: readonly TableRow[]): Partial<Record<keyof ContactFormValues, ContactProblem>> {
  if (values.usuarioid === null) return { usuarioid: 'required', medioid: 'chooseUserFirst' };
  if (values.medioid === null || method === null) return { medioid: 'required' };
  const existing = contactsOf(values.usuarioid, contactos);
  if (method === 'sms') {
    const problems: Partial<Record<keyof ContactFormValues, ContactProblem>> = {};
    if (values.codigotelefonoid === null) problems.codigotelefonoid = 'required';
    const digits = phoneDigits(values.celular);
    if (digits === '') problems.celular = 'required';
    else if (!/^\d+$/.test(digits)) problems.celular = 'digitsOnly';
    else if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max) problems.celular = 'phoneLength';
    else if (existing.some((contacto) => contacto['celular'] === digits && Number(contacto['codigotelefonoid']) === values.codigotelefonoid)) problems.celular = 'alreadyThere';
    return problems;
  }
  const address = normalEmail(values.correo);
  if (address === '') return { correo: 'required' };
  if (!EMAIL.test(address)) return { correo: 'invalidEmail' };
  if (existing.some((contacto) => typeof contacto['correo'] === 'string' && normalEmail(contacto['correo']) === address)) return { correo: 'alreadyThere' };
  return {};
}

/** The `contacto` row to create: the chosen medium's fields only, normalised. */
export function contactBody(values: ContactFormValues, method: ContactMethod): Record<string, unknown> {
  const base = { usuarioid: values.usuarioid, medioid: values.medioid };
  return method === 'sms'
    ? { ...base, codigotelefonoid: values.codigotelefonoid, celular: phoneDigits(values.celular) }
    : { ...base, correo: normalEmail(values.correo) };
}

/** Whether leaving would lose work: the spec's identifying fields of contacto (user, medium, phone, e-mail). */
export const contactDirty = (values: ContactFormValues) =>
  values.usuarioid !== null || values.medioid !== null || values.celular.trim() !== '' || values.correo.trim() !== '';
