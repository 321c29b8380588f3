import type { TableColumn, TableConstraint } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import type { FormFieldModel } from './form-model';
import { checkValue, emptyValues, formFields, hasChanges, hasIdentifyingValue, requestBody, rowValues } from './form-model';

const column = (column_name: string, data_type: string, is_nullable: 'YES' | 'NO' = 'NO', column_default: string | null = null): TableColumn => ({
  column_name,
  data_type,
  is_nullable,
  column_default,
});

const AUDIT: TableColumn[] = [
  column('statusid', 'integer', 'NO', '1'),
  column('usercreatedid', 'integer', 'YES'),
  column('datecreated', 'timestamp with time zone', 'YES', 'now()'),
  column('usermodifiedid', 'integer', 'YES'),
  column('datemodified', 'timestamp with time zone', 'YES', 'now()'),
];

const identity = (name: string) => column(name, 'integer', 'NO', `nextval('sense.${name}_seq'::regclass)`);
const fk = (columnName: string, table: string): TableConstraint => ({
  constraint_name: `${columnName}_fkey`,
  constraint_type: 'FOREIGN KEY',
  columns: [columnName],
  references: { table, columns: [columnName] },
});

describe('formFields', () => {
  it('asks for a country by name and a 2-character abbreviation, status last, identity and audit columns left out', () => {
    const fields = formFields('pais', [identity('paisid'), column('pais', 'character varying'), column('paisabrev', 'character varying'), ...AUDIT], [], 'insert');
    expect(fields).toEqual([
      { name: 'pais', input: 'text', required: true, cascade: [] },
      { name: 'paisabrev', input: 'text', required: true, maxLength: 2, cascade: [] },
      { name: 'statusid', input: 'status', required: false, cascade: [] },
    ]);
  });

  it('gives other abbreviations 10 characters and a company its country as a reference', () => {
    const fields = formFields(
      'empresa',
      [identity('empresaid'), column('empresa', 'character varying'), column('empresaabrev', 'character varying', 'YES'), column('paisid', 'integer'), ...AUDIT],
      [fk('paisid', 'pais')],
      'insert',
    );
    expect(fields.find((field) => field.name === 'empresaabrev')).toMatchObject({ maxLength: 10, required: false });
    expect(fields.find((field) => field.name === 'paisid')).toEqual({ name: 'paisid', input: 'reference', required: true, references: 'pais', cascade: [] });
  });

  it('cascades a location through its country, company and farm', () => {
    const fields = formFields(
      'umbral',
      [identity('umbralid'), column('umbral', 'character varying'), column('ubicacionid', 'integer'), column('nodoid', 'integer'), column('minimo', 'double precision', 'YES')],
      [],
      'insert',
    );
    expect(fields.find((field) => field.name === 'ubicacionid')).toMatchObject({ references: 'ubicacion', cascade: ['pais', 'empresa', 'fundo'] });
    expect(fields.find((field) => field.name === 'nodoid')).toMatchObject({ references: 'nodo', cascade: [] });
    expect(fields.find((field) => field.name === 'minimo')).toMatchObject({ input: 'number', required: false });
  });

  it('takes the registry word over the data type: DevEUI, coordinates, e-mail, a self reference', () => {
    const nodo = formFields('nodo', [identity('nodoid'), column('nodo', 'character varying'), column('deveui', 'character varying', 'YES')], [], 'insert');
    expect(nodo.find((field) => field.name === 'deveui')?.input).toBe('deveui');
    const localizacion = formFields('localizacion', [column('entidadid', 'integer'), column('latitud', 'numeric'), column('referencia', 'text', 'YES')], [], 'insert');
    expect(localizacion.map((field) => [field.name, field.input])).toEqual([
      ['entidadid', 'reference'],
      ['latitud', 'coordinate'],
      ['referencia', 'longText'],
    ]);
    const perfil = formFields('perfil', [identity('perfilid'), column('jefeid', 'integer', 'YES')], [], 'insert');
    expect(perfil.find((field) => field.name === 'jefeid')).toMatchObject({ input: 'reference', references: 'perfil' });
  });

  it('adds usuario a password, required to create and optional to edit, never its hash', () => {
    const columns = [identity('usuarioid'), column('login', 'character varying'), column('password_hash', 'text'), column('rol', 'character varying', 'NO', "'user'")];
    const insert = formFields('usuario', columns, [], 'insert');
    expect(insert.map((field) => field.name)).toEqual(['login', 'rol', 'password']);
    expect(insert.find((field) => field.name === 'login')?.input).toBe('email');
    expect(insert.find((field) => field.name === 'password')).toMatchObject({ input: 'password', required: true });
    expect(formFields('usuario', columns, [], 'update').find((field) => field.name === 'password')?.required).toBe(false);
  });

  it('names a reference from the constraints where the column name does not say', () => {
    const fields = formFields('contacto', [identity('contactoid'), column('codigotelefonoid', 'integer', 'YES'), column('otroid', 'integer', 'YES')], [fk('otroid', 'medio')], 'insert');
    expect(fields.find((field) => field.name === 'otroid')).toMatchObject({ input: 'reference', references: 'medio' });
  });
});

describe('values and bodies', () => {
  const fields = formFields(
    'nodo',
    [identity('nodoid'), column('nodo', 'character varying'), column('nodoabrev', 'character varying', 'YES'), column('deveui', 'character varying', 'YES'), ...AUDIT],
    [],
    'insert',
  );

  it('starts blank and active, and sends trimmed text, upper-case DevEUI, optional blanks left out', () => {
    const values = emptyValues(fields);
    expect(values).toEqual({ nodo: '', nodoabrev: '', deveui: '', statusid: 1 });
    expect(requestBody(fields, { ...values, nodo: '  Nodo 9 ', deveui: '70b3d57ed0000001' }, 'insert')).toEqual({
      nodo: 'Nodo 9',
      deveui: '70B3D57ED0000001',
      statusid: 1,
    });
  });

  it('sends only what changed on update, and a cleared optional field as null', () => {
    const initial = rowValues(fields, { nodoid: 4, nodo: 'Nodo 4', nodoabrev: 'N4', deveui: null, statusid: 1 });
    expect(initial).toEqual({ nodo: 'Nodo 4', nodoabrev: 'N4', deveui: '', statusid: 1 });
    const edited = { ...initial, nodoabrev: '', statusid: 0 };
    expect(requestBody(fields, edited, 'update', initial)).toEqual({ nodoabrev: null, statusid: 0 });
    expect(hasChanges(edited, initial)).toBe(true);
    expect(hasChanges(initial, initial)).toBe(false);
  });

  it('counts a form as changed only when an identifying field holds a value (spec section 5)', () => {
    expect(hasIdentifyingValue('nodo', { nodo: '', nodoabrev: '  ', deveui: '70B3', statusid: 1 })).toBe(false);
    expect(hasIdentifyingValue('nodo', { nodo: 'N', nodoabrev: '', statusid: 1 })).toBe(true);
    expect(hasIdentifyingValue('sensor', { nodoid: null, tipoid: 3 })).toBe(true);
    expect(hasIdentifyingValue('sensor', { nodoid: null, tipoid: null })).toBe(false);
  });
});

describe('checkValue', () => {
  const pais = formFields('pais', [column('pais', 'character varying'), column('paisabrev', 'character varying')], [], 'insert');
  const abbreviation = pais[1]!;

  it('refuses a blank required value and a country abbreviation over 2 characters', () => {
    expect(checkValue(pais[0]!, '   ')).toEqual({ rule: 'required' });
    expect(checkValue(abbreviation, 'PER')).toEqual({ rule: 'maxLength', limit: 2 });
    expect(checkValue(abbreviation, 'PE')).toBeNull();
  });

  it('takes a country’s zonahoraria as a time zone and refuses a name the runtime does not know', () => {
    const [zone] = formFields('pais', [column('zonahoraria', 'text', 'YES')], [], 'insert');
    expect(zone?.input).toBe('timeZone');
    expect(checkValue(zone!, 'America/Santiago')).toBeNull();
    expect(checkValue(zone!, 'America/Atlantis')).toEqual({ rule: 'format', limit: 'timeZone' });
    expect(checkValue(zone!, '-05:00')).toEqual({ rule: 'format', limit: 'timeZone' });
  });

  it('checks DevEUI, e-mail, numbers and coordinate ranges', () => {
    const deveui: FormFieldModel = { name: 'deveui', input: 'deveui', required: false, cascade: [] };
    expect(checkValue(deveui, '70B3D57ED000000')).toEqual({ rule: 'format', limit: 'deveui' });
    expect(checkValue(deveui, '70B3D57ED000000G')).toEqual({ rule: 'format', limit: 'deveui' });
    expect(checkValue(deveui, '70b3d57ed0000001')).toBeNull();
    expect(checkValue(deveui, '')).toBeNull();
    expect(checkValue({ name: 'login', input: 'email', required: true, cascade: [] }, 'ana@campo')).toEqual({ rule: 'format', limit: 'email' });
    expect(checkValue({ name: 'grado', input: 'integer', required: true, cascade: [] }, '2.5')).toEqual({ rule: 'type', limit: 'integer' });
    expect(checkValue({ name: 'minimo', input: 'number', required: false, cascade: [] }, '1e400')).toEqual({ rule: 'type', limit: 'number' });
    expect(checkValue({ name: 'latitud', input: 'coordinate', required: true, cascade: [] }, '-91')).toEqual({ rule: 'range', limit: 90 });
    expect(checkValue({ name: 'longitud', input: 'coordinate', required: true, cascade: [] }, '-179.5')).toBeNull();
  });
});
