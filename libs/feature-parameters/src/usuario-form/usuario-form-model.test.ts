import { describe, expect, it } from 'vitest';
import { confirmationProblem, loginProblem, passwordProblem, usuarioBody, usuarioDirty, usuarioInitialValues, usuarioProblems } from './usuario-form-model';

const filled = { ...usuarioInitialValues(), login: ' Maria.Torres@CampoSense.dev ', firstname: ' María ', lastname: '', password: 'riego-por-goteo-77', passwordConfirm: 'riego-por-goteo-77' };

describe('usuario form model', () => {
  it('checks the e-mail', () => {
    expect(loginProblem('')).toBe('required');
    expect(loginProblem('maria.torres')).toBe('invalidEmail');
    expect(loginProblem('a b@x.dev')).toBe('invalidEmail');
    expect(loginProblem('maria@x.dev')).toBeNull();
  });
  it('asks a password on create only, at least 10 characters and not the e-mail', () => {
    expect(passwordProblem('', 'a@x.dev', 'insert')).toBe('required');
    expect(passwordProblem('', 'a@x.dev', 'update')).toBeNull();
    expect(passwordProblem('corta', 'a@x.dev', 'update')).toBe('weakPassword');
    expect(passwordProblem('Maria@X.dev', 'maria@x.dev', 'insert')).toBe('weakPassword');
    expect(passwordProblem('riego-por-goteo-77', 'maria@x.dev', 'insert')).toBeNull();
  });
  it('asks the confirmation whenever a password is typed', () => {
    expect(confirmationProblem('', '')).toBeNull();
    expect(confirmationProblem('', 'x')).toBe('required');
    expect(confirmationProblem('y', 'x')).toBe('passwordMismatch');
    expect(confirmationProblem('x', 'x')).toBeNull();
  });
  it('a filled form has no problems', () => {
    expect(usuarioProblems(filled, 'insert')).toEqual({});
  });
  it('creates with the login lower-cased, blank names null, the role by name, no confirmation', () => {
    expect(usuarioBody(filled, 'insert')).toEqual({
      login: 'maria.torres@camposense.dev',
      firstname: 'María',
      lastname: null,
      usuarioabrev: null,
      rol: 'user',
      idioma: 'es',
      statusid: 1,
      password: 'riego-por-goteo-77',
    });
    expect(usuarioBody({ ...filled, usuarioabrev: ' MTORRES ', idioma: 2 }, 'insert')).toMatchObject({ usuarioabrev: 'MTORRES', idioma: 'en' });
  });
  it('keeps the abbreviation within its 10 characters', () => {
    expect(usuarioProblems({ ...filled, usuarioabrev: 'MARIATORRES' }, 'insert')).toEqual({ usuarioabrev: 'maxLength' });
    expect(usuarioProblems({ ...filled, usuarioabrev: 'MTORRES' }, 'insert')).toEqual({});
  });
  it('updates only what changed, the password only when typed', () => {
    const initial = usuarioInitialValues({ usuarioid: 1, login: 'ana@x.dev', firstname: 'Ana', lastname: 'Quispe', usuarioabrev: 'AQ', rol: 'admin', idioma: 'en', statusid: 1 });
    expect(usuarioBody({ ...initial, lastname: 'Quispe Vega' }, 'update', initial)).toEqual({ lastname: 'Quispe Vega' });
    expect(usuarioBody({ ...initial, idioma: 1, usuarioabrev: '' }, 'update', initial)).toEqual({ idioma: 'es', usuarioabrev: null });
    expect(usuarioBody({ ...initial, rol: 2, password: 'riego-por-goteo-77', passwordConfirm: 'riego-por-goteo-77' }, 'update', initial)).toEqual({ rol: 'user', password: 'riego-por-goteo-77' });
    expect(usuarioBody(initial, 'update', initial)).toEqual({});
  });
  it('is dirty once anything differs', () => {
    const initial = usuarioInitialValues();
    expect(usuarioDirty(initial, initial)).toBe(false);
    expect(usuarioDirty({ ...initial, password: 'x' }, initial)).toBe(true);
  });
});
