import { createI18n } from '@camposense/i18n/full';
import { describe, expect, it } from 'vitest';
import { describeRowActionError, referencingTables } from './row-action-error';

const i18n = createI18n({ language: 'es', detect: false });
const t = i18n.t.bind(i18n) as Parameters<typeof describeRowActionError>[1]['t'];
const row = { empresaid: 3, empresa: 'Viñedos del Maipo' };
const refused = (details: unknown[]) => ({
  code: 'FOREIGN_KEY',
  message: 'No se puede borrar',
  body: { error: { code: 'FOREIGN_KEY', message: 'No se puede borrar', details } },
});

describe('a refused delete', () => {
  it('names the tables that still reference the row and how many of their rows', () => {
    const error = refused([
      { field: 'fundo', rule: 'referencedBy', limit: 2, message: 'empresaid' },
      { field: 'perfilumbral', rule: 'referencedBy', limit: 1, message: 'umbralid' },
    ]);
    expect(referencingTables(error.body)).toEqual([
      { table: 'fundo', count: 2 },
      { table: 'perfilumbral', count: 1 },
    ]);
    expect(describeRowActionError(error, { table: 'empresa', row, t })).toBe(
      'No se puede eliminar «Viñedos del Maipo (empresaid 3)»: lo usan 2 registros de Fundo, 1 registro de Perfil por umbral. Cambie o elimine primero esos registros, o desactívelo.',
    );
  });

  it('says so without names when the answer lists none', () => {
    expect(describeRowActionError(refused([]), { table: 'empresa', row, t })).toBe(
      'No se puede eliminar «Viñedos del Maipo (empresaid 3)»: otros registros lo usan. Cambie o elimine primero esos registros, o desactívelo.',
    );
  });

  it('says why the last admin or one’s own account cannot be deactivated, in the person’s words', () => {
    const error = {
      code: 'CONSTRAINT',
      message: 'Nadie puede desactivar ni borrar su propia cuenta',
      body: { error: { code: 'CONSTRAINT', message: 'Nadie puede desactivar ni borrar su propia cuenta', details: [{ field: 'statusid', rule: 'selfDeactivate' }] } },
    };
    expect(describeRowActionError(error, { table: 'usuario', row: { usuarioid: 1, login: 'ana@campo.test' }, t })).toBe(
      'No puede desactivar ni borrar su propia cuenta',
    );
  });
});
