import { createI18n } from '@camposense/i18n/full';
import { describe, expect, it } from 'vitest';
import { describeSaveError } from './save-error';

type Translate = Parameters<typeof describeSaveError>[1]['t'];
const translator = (language: 'es' | 'en') => {
  const i18n = createI18n({ language, detect: false });
  return i18n.t.bind(i18n) as Translate;
};
const refused = (message: string, details: unknown[]) => ({ status: 409, code: 'CONSTRAINT', message, body: { error: { code: 'CONSTRAINT', message, details } } });
const options = (language: 'es' | 'en', shown: string[]) => ({
  table: 'perfil',
  fieldLabel: (name: string) => name.toUpperCase(),
  shown: new Set(shown),
  t: translator(language),
});

describe('a save refused by a rule the database keeps', () => {
  it('puts a boss cycle on the boss field, in the person’s language', () => {
    const error = refused('Un perfil no puede estar en su propia cadena de jefes', [{ field: 'jefeid', rule: 'cycle' }]);
    expect(describeSaveError(error, options('en', ['perfil', 'jefeid']))).toEqual({
      fieldErrors: { jefeid: 'A profile cannot be its own boss, directly or through others' },
      message: null,
      stale: false,
    });
    expect(describeSaveError(error, options('es', ['perfil', 'jefeid'])).fieldErrors['jefeid']).toBe(
      'Un perfil no puede ser su propio jefe, ni directamente ni a través de otros',
    );
  });

  it('says it for the whole form when the field is not on it, as the last admin and one’s own account are', () => {
    const lastAdmin = refused('La consola necesita al menos un administrador activo', [{ field: 'rol', rule: 'lastAdmin' }]);
    expect(describeSaveError(lastAdmin, options('en', ['login'])).message).toBe(
      'The console needs at least one active admin: give the role to someone else first',
    );
    const own = refused('Nadie puede desactivar ni borrar su propia cuenta', [{ field: 'statusid', rule: 'selfDeactivate' }]);
    expect(describeSaveError(own, options('es', [])).message).toBe('No puede desactivar ni borrar su propia cuenta');
  });

  it('says a threshold band is upside down in the person’s language, on the maximum (issue 28, item 9)', () => {
    const upsideDown = refused('El mínimo no puede ser mayor que el máximo', [{ field: 'maximo', rule: 'minAboveMax' }]);
    expect(describeSaveError(upsideDown, options('en', ['minimo', 'maximo'])).fieldErrors['maximo']).toBe('The minimum cannot be greater than the maximum');
    expect(describeSaveError(upsideDown, options('es', [])).message).toBe('El mínimo no puede ser mayor que el máximo');
  });

  it('keeps the server’s words for any other check', () => {
    const other = refused('Un contacto por sms necesita celular', [{ field: 'celular', rule: 'check' }]);
    expect(describeSaveError(other, options('es', ['celular'])).message).toBe('Los datos no cumplen una regla de la tabla: Un contacto por sms necesita celular');
  });
});
