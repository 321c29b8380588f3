import { describe, expect, it } from 'vitest';
import { contactBody, contactDirty, contactProblems, emptyContact, methodOf } from './contact-form-model';

const medios = [
  { medioid: 1, nombre: 'correo' },
  { medioid: 2, nombre: 'sms' },
];
const contactos = [
  { contactoid: 1, usuarioid: 1, medioid: 2, codigotelefonoid: 1, celular: '987654321', correo: null },
  { contactoid: 2, usuarioid: 1, medioid: 1, codigotelefonoid: null, celular: null, correo: 'Ana@CampoSense.dev' },
];
const phone = { ...emptyContact, usuarioid: 2, medioid: 2, codigotelefonoid: 1, celular: '987 654-321' };
const email = { ...emptyContact, usuarioid: 2, medioid: 1, correo: '  Luis.Rojas@CampoSense.dev ' };

describe('the contact form model', () => {
  it('asks for a user before anything else, then the medium', () => {
    expect(contactProblems(emptyContact, null, contactos)).toEqual({ usuarioid: 'required', medioid: 'chooseUserFirst' });
    expect(contactProblems({ ...emptyContact, usuarioid: 2 }, null, contactos)).toEqual({ medioid: 'required' });
  });

  it('knows the medium by its name', () => {
    expect(methodOf(2, medios)).toBe('sms');
    expect(methodOf(1, medios)).toBe('correo');
    expect(methodOf(9, medios)).toBeNull();
  });

  it('checks a phone: its code, digits only (spaces and dashes dropped), 6 to 15 of them', () => {
    expect(contactProblems(phone, 'sms', contactos)).toEqual({});
    expect(contactProblems({ ...phone, codigotelefonoid: null, celular: '' }, 'sms', contactos)).toEqual({ codigotelefonoid: 'required', celular: 'required' });
    expect(contactProblems({ ...phone, celular: '98765x321' }, 'sms', contactos)).toEqual({ celular: 'digitsOnly' });
    expect(contactProblems({ ...phone, celular: '12345' }, 'sms', contactos)).toEqual({ celular: 'phoneLength' });
    expect(contactProblems({ ...phone, celular: '1234567890123456' }, 'sms', contactos)).toEqual({ celular: 'phoneLength' });
  });

  it('checks an e-mail address', () => {
    expect(contactProblems(email, 'correo', contactos)).toEqual({});
    expect(contactProblems({ ...email, correo: 'luis@' }, 'correo', contactos)).toEqual({ correo: 'invalidEmail' });
    expect(contactProblems({ ...email, correo: ' ' }, 'correo', contactos)).toEqual({ correo: 'required' });
  });

  it('refuses a contact the user already has, in any case or spacing, and allows it for another user', () => {
    expect(contactProblems({ ...phone, usuarioid: 1, celular: '987-654-321' }, 'sms', contactos)).toEqual({ celular: 'alreadyThere' });
    expect(contactProblems({ ...phone, usuarioid: 1, codigotelefonoid: 2 }, 'sms', contactos)).toEqual({});
    expect(contactProblems({ ...email, usuarioid: 1, correo: 'ana@camposense.dev' }, 'correo', contactos)).toEqual({ correo: 'alreadyThere' });
  });

  it('sends only the chosen medium\'s fields, normalised', () => {
    expect(contactBody(phone, 'sms')).toEqual({ usuarioid: 2, medioid: 2, codigotelefonoid: 1, celular: '987654321' });
    expect(contactBody(email, 'correo')).toEqual({ usuarioid: 2, medioid: 1, correo: 'luis.rojas@camposense.dev' });
  });

  it('counts a chosen user or anything typed as work to lose', () => {
    expect(contactDirty(emptyContact)).toBe(false);
    expect(contactDirty({ ...emptyContact, usuarioid: 3 })).toBe(true);
    expect(contactDirty({ ...emptyContact, correo: 'a' })).toBe(true);
  });
});
