import { describe, expect, it } from 'vitest';
import { tableRowKeys } from './keys';
import { globalScopeFilter } from './scope';

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
    expect(tableRowKeys.page('ubicacion', { page: 1, pageSize: 20, filters: { fundoid: 3 } })).toBe('/sense/ubicacion?page=1&pageSize=20&fundoid=3');
    expect(tableRowKeys.page('ubicacion', { page: 1, pageSize: 20 })).toBe('/sense/ubicacion?page=1&pageSize=20');
  });
});
