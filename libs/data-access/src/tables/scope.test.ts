import { describe, expect, it } from 'vitest';
import { tableKeys, tablePaths } from './keys';
import { globalScopeFilter, globalTableScope } from './scope';

const farm = { paisId: 1, empresaId: 2, fundoId: 3 };

describe('a status view inside the global scope', () => {
  it('filters each hierarchy table by its parent column', () => {
    expect(globalScopeFilter('empresa', farm)).toEqual({ paisid: 1 });
    expect(globalScopeFilter('fundo', farm)).toEqual({ empresaid: 2 });
    expect(globalScopeFilter('ubicacion', farm)).toEqual({ fundoid: 3 });
  });
  it('does not filter when the parent is not chosen, without scope, or for a table outside the hierarchy', () => {
    expect(globalScopeFilter('ubicacion', { ...farm, fundoId: null })).toBeUndefined();
    expect(globalScopeFilter('empresa', null)).toBeUndefined();
    expect(globalScopeFilter('pais', farm)).toBeUndefined();
    expect(globalScopeFilter('metrica', farm)).toBeUndefined();
  });
  it('puts the filter in the page key, so a scope is its own cache entry', () => {
    expect(tableKeys.rows('ubicacion', { page: 1, pageSize: 20, filters: { fundoid: 3 } })).toEqual(['tables', 'ubicacion', 'rows', { page: 1, pageSize: 20, filters: { fundoid: 3 } }]);
    expect(tablePaths.rows('ubicacion', { page: 1, pageSize: 20, filters: { fundoid: 3 } })).toBe('/sense/ubicacion?page=1&pageSize=20&fundoid=3');
    expect(tableKeys.rows('ubicacion', { page: 1, pageSize: 20 })).toEqual(['tables', 'ubicacion', 'rows', { page: 1, pageSize: 20 }]);
    expect(tablePaths.rows('ubicacion', { page: 1, pageSize: 20 })).toBe('/sense/ubicacion?page=1&pageSize=20');
  });
});

describe('a join-only table inside the global scope', () => {
  it("asks the API for the most specific level chosen, which it resolves through the joins", () => {
    expect(globalTableScope('nodo', farm)).toEqual({ scope: 'fundo:3' });
    expect(globalTableScope('alerta', { paisId: 1, empresaId: 2, fundoId: null })).toEqual({ scope: 'empresa:2' });
    expect(globalTableScope('ubicacion', { paisId: 1, empresaId: null, fundoId: null })).toEqual({ scope: 'pais:1' });
  });
  it('keeps the parent column for a hierarchy table whose parent is chosen, and nothing outside the hierarchy', () => {
    expect(globalTableScope('fundo', farm)).toEqual({ filters: { empresaid: 2 } });
    expect(globalTableScope('metrica', farm)).toEqual({});
    expect(globalTableScope('nodo', { paisId: null, empresaId: null, fundoId: null })).toEqual({});
    expect(globalTableScope('nodo', null)).toEqual({});
  });
  it('puts the scope in the page key', () => {
    expect(tableKeys.rows('nodo', { page: 1, pageSize: 20, scope: 'fundo:3' })).toEqual(['tables', 'nodo', 'rows', { page: 1, pageSize: 20, scope: 'fundo:3' }]);
    expect(tablePaths.rows('nodo', { page: 1, pageSize: 20, scope: 'fundo:3' })).toBe('/sense/nodo?page=1&pageSize=20&scope=fundo%3A3');
  });
});
