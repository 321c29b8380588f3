import { describe, expect, it } from 'vitest';
import { isTableKey, isTableListKey, readsTable, tableRowKeys } from './keys';

describe('table row keys', () => {
  it('puts only the set parameters in the page key, in a fixed order', () => {
    expect(tableRowKeys.page('pais', { page: 2, pageSize: 20 })).toBe('/sense/pais?page=2&pageSize=20');
    expect(tableRowKeys.page('pais', { page: 1, pageSize: 20, search: '  per ', sortBy: 'pais', sortOrder: 'desc' })).toBe(
      '/sense/pais?page=1&pageSize=20&search=per&sortBy=pais&sortOrder=desc',
    );
    expect(tableRowKeys.page('pais', { page: 1, pageSize: 20, search: '   ' })).toBe('/sense/pais?page=1&pageSize=20');
  });

  it('puts a composite key in the query', () => {
    expect(tableRowKeys.composite('sensor', { nodoid: 3, tipoid: 7 })).toBe('/sense/sensor/composite?nodoid=3&tipoid=7');
  });

  it('keys a set of label ids once whatever their order, and searches with parent filters', () => {
    expect(tableRowKeys.labels('empresa', { ids: [9, 3, 9] })).toBe('/sense/empresa/labels?ids=3%2C9');
    expect(tableRowKeys.labels('empresa', { search: ' agro ', page: 2, pageSize: 20, filters: { paisid: 1 } })).toBe(
      '/sense/empresa/labels?search=agro&page=2&pageSize=20&paisid=1',
    );
    expect(isTableKey('empresa', tableRowKeys.labels('empresa', { ids: [1] }))).toBe(true);
  });

  it('links the status view CSV with its search, sort and token', () => {
    expect(tableRowKeys.csv('umbral', { search: ' sonda ', sortBy: 'umbral', sortOrder: 'desc' }, 'abc')).toBe(
      '/sense/reports/tablas/umbral/csv?search=sonda&sortBy=umbral&sortOrder=desc&token=abc',
    );
    expect(tableRowKeys.downloadToken('pais')).toBe('/sense/reports/download-token?report=tabla%3Apais');
  });

  it('revalidates every key of a table and none of another with a longer name', () => {
    expect(isTableKey('umbral', '/sense/umbral?page=1&pageSize=20')).toBe(true);
    expect(isTableKey('umbral', '/sense/umbral/columns')).toBe(true);
    expect(isTableKey('perfil', '/sense/perfilumbral?page=1')).toBe(false);
    expect(isTableKey('pais', ['/sense/pais'])).toBe(false);
  });

  it('tells the lists and names of a table (dropped after a write) from its rows and metadata (revalidated in place)', () => {
    expect(isTableListKey('empresa', tableRowKeys.page('empresa', { page: 1, pageSize: 1 }))).toBe(true);
    expect(isTableListKey('empresa', tableRowKeys.labels('empresa', { search: 'agro' }))).toBe(true);
    expect(isTableListKey('empresa', ['reference-labels', tableRowKeys.labels('pais', { ids: [1] }), tableRowKeys.labels('empresa', { ids: [3] })])).toBe(true);
    expect(isTableListKey('empresa', ['reference-labels', tableRowKeys.labels('pais', { ids: [1] })])).toBe(false);
    expect(isTableListKey('empresa', tableRowKeys.row('empresa', 3))).toBe(false);
    expect(isTableListKey('empresa', [tableRowKeys.columns('empresa'), tableRowKeys.constraints('empresa')])).toBe(false);
    expect(isTableListKey('empresa', tableRowKeys.page('empresas' as 'empresa', { page: 1, pageSize: 1 }))).toBe(false);
    expect(readsTable('empresa', [tableRowKeys.columns('empresa'), tableRowKeys.constraints('empresa')])).toBe(true);
    expect(readsTable('fundo', ['ancestors', tableRowKeys.row('ubicacion', 4)])).toBe(true);
    expect(readsTable('fundo', tableRowKeys.row('pais', 1))).toBe(false);
  });
});
