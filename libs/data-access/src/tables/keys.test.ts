import { describe, expect, it } from 'vitest';
import { thresholdKeys } from '../thresholds/keys';
import { isTableListKey, readsTable, tableKeys, tablePaths } from './keys';

describe('table keys', () => {
  it('puts only the set parameters in the page key and its path, in a fixed order', () => {
    expect(tableKeys.rows('pais', { page: 2, pageSize: 20 })).toEqual(['tables', 'pais', 'rows', { page: 2, pageSize: 20 }]);
    expect(tablePaths.rows('pais', { page: 2, pageSize: 20 })).toBe('/sense/pais?page=2&pageSize=20');
    const searched = { page: 1, pageSize: 20, search: '  per ', sortBy: 'pais', sortOrder: 'desc' } as const;
    expect(tableKeys.rows('pais', searched)).toEqual(['tables', 'pais', 'rows', { page: 1, pageSize: 20, search: 'per', sortBy: 'pais', sortOrder: 'desc' }]);
    expect(tablePaths.rows('pais', searched)).toBe('/sense/pais?page=1&pageSize=20&search=per&sortBy=pais&sortOrder=desc');
    expect(tableKeys.rows('pais', { page: 1, pageSize: 20, search: '   ' })).toEqual(tableKeys.rows('pais', { page: 1, pageSize: 20 }));
    expect(tablePaths.rows('pais', { page: 1, pageSize: 20, search: '   ' })).toBe('/sense/pais?page=1&pageSize=20');
  });

  it('puts a composite key in the query', () => {
    expect(tablePaths.composite('sensor', { nodoid: 3, tipoid: 7 })).toBe('/sense/sensor/composite?nodoid=3&tipoid=7');
    expect(tablePaths.rowByKey('sensor', { nodoid: 3, tipoid: 7 })).toBe('/sense/sensor/composite?nodoid=3&tipoid=7');
    expect(tablePaths.rowByKey('pais', { paisid: 4 })).toBe('/sense/pais/4');
  });

  it('keys a set of label ids once whatever their order, and searches with parent filters', () => {
    expect(tableKeys.labels('empresa', { ids: [9, 3, 9] })).toEqual(['tables', 'empresa', 'labels', { ids: [3, 9] }]);
    expect(tablePaths.labels('empresa', { ids: [9, 3, 9] })).toBe('/sense/empresa/labels?ids=3%2C9');
    const search = { search: ' agro ', page: 2, pageSize: 20, filters: { paisid: 1 } };
    expect(tableKeys.labels('empresa', search)).toEqual(['tables', 'empresa', 'labels', { search: 'agro', page: 2, pageSize: 20, filters: { paisid: 1 } }]);
    expect(tablePaths.labels('empresa', search)).toBe('/sense/empresa/labels?search=agro&page=2&pageSize=20&paisid=1');
    expect(readsTable('empresa')(tableKeys.labels('empresa', { ids: [1] }))).toBe(true);
  });

  it('links the status view CSV with its search, sort and token', () => {
    expect(tablePaths.csv('umbral', { search: ' sonda ', sortBy: 'umbral', sortOrder: 'desc' }, 'abc')).toBe(
      '/sense/reports/tablas/umbral/csv?search=sonda&sortBy=umbral&sortOrder=desc&token=abc',
    );
    expect(tablePaths.downloadToken('pais')).toBe('/sense/reports/download-token?report=tabla%3Apais');
  });

  it('revalidates every key of a table and none of another with a longer name', () => {
    expect(readsTable('umbral')(tableKeys.rows('umbral', { page: 1, pageSize: 20 }))).toBe(true);
    expect(readsTable('umbral')(tableKeys.meta('umbral'))).toBe(true);
    expect(readsTable('perfil')(tableKeys.rows('perfilumbral', { page: 1, pageSize: 20 }))).toBe(false);
    expect(readsTable('pais')(['pais'])).toBe(false);
    expect(readsTable('pais')('/sense/pais')).toBe(false);
    expect(readsTable('pais')(undefined)).toBe(false);
  });

  it('counts one threshold’s preview, history and version as reads of umbral, not its listings nor another table', () => {
    expect(readsTable('umbral')(thresholdKeys.history(7))).toBe(true);
    expect(readsTable('umbral')(thresholdKeys.preview({ umbralId: 7, minimo: 1, maximo: 2, days: 7 }))).toBe(true);
    expect(readsTable('umbral')(thresholdKeys.scope({ fundoId: 3 }))).toBe(false);
    expect(readsTable('perfilumbral')(thresholdKeys.history(7))).toBe(false);
    expect(isTableListKey('umbral')(thresholdKeys.history(7))).toBe(false);
  });

  it('tells the lists and names of a table (dropped after a write) from its rows and metadata (revalidated in place)', () => {
    const lists = isTableListKey('empresa');
    expect(lists(tableKeys.rows('empresa', { page: 1, pageSize: 1 }))).toBe(true);
    expect(lists(tableKeys.labels('empresa', { search: 'agro' }))).toBe(true);
    expect(lists(tableKeys.referenceLabels([['empresa', [3]], ['pais', [1]]]))).toBe(true);
    expect(lists(tableKeys.referenceLabels([['pais', [1]]]))).toBe(false);
    expect(lists(tableKeys.row('empresa', { empresaid: 3 }))).toBe(false);
    expect(lists(tableKeys.meta('empresa'))).toBe(false);
    expect(lists(tableKeys.rows('empresas' as 'empresa', { page: 1, pageSize: 1 }))).toBe(false);
    expect(isTableListKey('criticidad')(tableKeys.limited('criticidad', 1000))).toBe(true);
    expect(readsTable('empresa')(tableKeys.meta('empresa'))).toBe(true);
    expect(readsTable('empresa')(tableKeys.referenceLabels([['empresa', [3]]]))).toBe(true);
    expect(readsTable('fundo')(tableKeys.ancestors([{ table: 'ubicacion', id: 4 }]))).toBe(true);
    expect(readsTable('fundo')(tableKeys.row('pais', { paisid: 1 }))).toBe(false);
  });

  it('never counts a write’s own key as a list', () => {
    expect(isTableListKey('pais')(tableKeys.create('pais'))).toBe(false);
  });
});
