import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  fieldMaxLength,
  findTable,
  referencedTable,
  hasCompositeKey,
  isTableName,
  isWritableTable,
  tableDefinition,
  TABLE_NAMES,
  TABLE_REGISTRY,
  tablesInGroup,
} from './registry';
import type { TableName, TableOperation } from './registry';

describe('table registry', () => {
  it('lists the parameter groups of spec section 2 in the sidebar order', () => {
    const names = (group: Parameters<typeof tablesInGroup>[0]) => tablesInGroup(group).map((entry) => entry.name);
    expect(names('location')).toEqual(['pais', 'empresa', 'fundo', 'ubicacion', 'localizacion', 'entidad']);
    expect(names('device')).toEqual(['tipo', 'nodo', 'sensor', 'metricasensor', 'metrica']);
    expect(names('threshold')).toEqual(['umbral', 'perfilumbral', 'audit_log_umbral', 'criticidad']);
    expect(names('user')).toEqual(['contacto', 'correo', 'usuario', 'usuarioperfil', 'perfil']);
  });

  it('keeps the extra readable tables of api.md out of the sidebar', () => {
    const extras = TABLE_REGISTRY.filter((entry) => entry.group === null).map((entry) => entry.name);
    expect(extras).toEqual(['medicion', 'alerta', 'mensaje', 'medio', 'status', 'codigotelefono']);
  });

  it('offers exactly the operations of the spec availability list', () => {
    const all: TableOperation[] = ['status', 'insert', 'update', 'massive'];
    const allButMassive: TableOperation[] = ['status', 'insert', 'update'];
    const expected: Record<string, TableOperation[]> = {
      audit_log_umbral: ['status'],
      usuario: allButMassive,
      correo: ['status', 'update'],
      sensor: all,
      metricasensor: all,
      umbral: all,
    };
    for (const entry of TABLE_REGISTRY.filter((candidate) => candidate.group !== null)) {
      expect(entry.operations, entry.name).toEqual(expected[entry.name] ?? allButMassive);
    }
  });

  it('lets the API write exactly the tables with an operation beyond status', () => {
    const readOnly = TABLE_REGISTRY.filter((entry) => !isWritableTable(entry)).map((entry) => entry.name);
    expect(readOnly).toEqual(['audit_log_umbral', 'medicion', 'alerta', 'mensaje', 'status']);
    // The contact form creates e-mail addresses (spec section 7) though the sidebar offers no insert.
    expect(isWritableTable(tableDefinition('correo'))).toBe(true);
  });

  it('has the identifying fields of spec section 5', () => {
    const fields = (name: TableName) => tableDefinition(name).identifyingFields;
    expect(fields('pais')).toEqual(['pais', 'paisabrev']);
    expect(fields('localizacion')).toEqual(['entidadid', 'ubicacionid', 'nodoid']);
    expect(fields('tipo')).toEqual(['entidadid', 'tipo']);
    expect(fields('umbral')).toEqual(['ubicacionid', 'criticidadid', 'nodoid', 'metricaid', 'tipoid']);
    expect(fields('contacto')).toEqual(['usuarioid', 'medioid', 'celular', 'correo']);
    expect(fields('metricasensor')).toEqual(['nodoid', 'metricaid', 'tipoid']);
    expect(fields('perfilumbral')).toEqual(['perfilid', 'umbralid']);
    expect(fields('medio')).toEqual(['nombre']);
    for (const entry of TABLE_REGISTRY) expect(entry.identifyingFields.length, entry.name).toBeGreaterThan(0);
  });

  it('keys reference tables by <table>id and link tables by their composite key', () => {
    expect(tableDefinition('pais').key).toEqual(['paisid']);
    expect(tableDefinition('sensor').key).toEqual(['nodoid', 'tipoid']);
    expect(tableDefinition('usuarioperfil').key).toEqual(['usuarioid', 'perfilid']);
    const composite = TABLE_REGISTRY.filter(hasCompositeKey).map((entry) => entry.name);
    expect(composite).toEqual(['localizacion', 'sensor', 'metricasensor', 'perfilumbral', 'usuarioperfil']);
  });

  it('never takes identity, audit columns or the password hash from a body', () => {
    expect(tableDefinition('pais').readOnlyColumns).toEqual([
      'paisid',
      'usercreatedid',
      'datecreated',
      'usermodifiedid',
      'datemodified',
    ]);
    // A composite key is chosen by the client: it is part of the body.
    expect(tableDefinition('sensor').readOnlyColumns).not.toContain('nodoid');
    expect(tableDefinition('usuario').readOnlyColumns).toContain('password_hash');
    expect(tableDefinition('usuario').hiddenColumns).toEqual(['password_hash']);
    expect(tableDefinition('usuario').searchColumns).not.toContain('password_hash');
  });

  it('embeds what the alert and message reports show', () => {
    expect(tableDefinition('alerta').embeds.map((embed) => embed.as)).toEqual(['umbral', 'medicion', 'valor']);
    const contacto = tableDefinition('mensaje').embeds[0];
    expect(contacto?.as).toBe('contacto');
    expect(contacto?.embeds?.[0]?.columns).toEqual(['usuarioid', 'firstname', 'lastname', 'login']);
  });

  it('finds tables by exact name only', () => {
    expect(TABLE_NAMES).toHaveLength(26);
    for (const hostile of ['../usuario', 'Pais', 'pais;', 'pg_user', '__proto__', 'constructor', '']) {
      expect(isTableName(hostile), hostile).toBe(false);
      expect(findTable(hostile), hostile).toBeUndefined();
    }
    expect(findTable('nodo')?.searchColumns).toEqual(['nodo', 'nodoabrev', 'deveui']);
  });

  it('orders readings, alerts and messages newest first by default', () => {
    for (const name of ['medicion', 'alerta', 'mensaje', 'audit_log_umbral'] as const) {
      expect(tableDefinition(name).orderBy[0], name).toEqual({ column: 'fecha', direction: 'desc' });
    }
  });

  describe('field metadata', () => {
    it('finds the table a foreign key points at, from its name or the registry', () => {
      expect(referencedTable(tableDefinition('empresa'), 'paisid')).toBe('pais');
      expect(referencedTable(tableDefinition('umbral'), 'criticidadid')).toBe('criticidad');
      expect(referencedTable(tableDefinition('perfil'), 'jefeid')).toBe('perfil');
      expect(referencedTable(tableDefinition('fundo'), 'usercreatedid')).toBe('usuario');
      expect(referencedTable(tableDefinition('fundo'), 'fundoid')).toBeUndefined();
      expect(referencedTable(tableDefinition('fundo'), 'statusid')).toBe('status');
      expect(referencedTable(tableDefinition('nodo'), 'deveui')).toBeUndefined();
    });

    it('limits abbreviations to 2 characters for pais and 10 otherwise (spec section 5)', () => {
      expect(fieldMaxLength(tableDefinition('pais'), 'paisabrev')).toBe(2);
      expect(fieldMaxLength(tableDefinition('empresa'), 'empresaabrev')).toBe(10);
      expect(fieldMaxLength(tableDefinition('empresa'), 'empresa')).toBeUndefined();
    });

    it('cascades the location hierarchy from the country down', () => {
      expect(ancestorsOf('ubicacion')).toEqual(['pais', 'empresa', 'fundo']);
      expect(ancestorsOf('empresa')).toEqual(['pais']);
      expect(ancestorsOf('nodo')).toEqual([]);
    });

    it('names every table a person picks in a select by its own columns', () => {
      for (const entry of TABLE_REGISTRY) {
        if (entry.key.length > 1 || ['alerta', 'audit_log_umbral'].includes(entry.name)) continue;
        expect(entry.labelColumns.length, entry.name).toBeGreaterThan(0);
      }
    });
  });
});
