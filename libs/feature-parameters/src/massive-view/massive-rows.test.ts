import { describe, expect, it } from 'vitest';
import { errorsByRow, fromCsv, requestRows } from './massive-rows';

describe('massive rows', () => {
  it('sends only filled cells, trimmed, and skips empty rows', () => {
    expect(requestRows([{ nodoid: ' 1 ', tipoid: '' }, { nodoid: '', tipoid: ' ' }, { nodoid: 'Nodo 2', tipoid: '3' }])).toEqual([
      { nodoid: '1' },
      { nodoid: 'Nodo 2', tipoid: '3' },
    ]);
  });

  it('takes a CSV into the grid columns and names the columns it leaves out', () => {
    expect(fromCsv(['nodoid', 'tipoid'], ['tipoid', 'color'], [{ tipoid: '2', color: 'rojo' }])).toEqual({
      rows: [{ nodoid: '', tipoid: '2' }],
      unknown: ['color'],
    });
  });

  it("takes a status view's exported CSV back as it is: ids under id headers, names only where the id is empty", () => {
    // As GET /api/sense/reports/tablas/umbral/csv writes it (table-csv.ts), parsed by parseCsv.
    const csvColumns = ['umbralid', 'umbral', 'nodoid', 'nodoid_nombre', 'minimo', 'maximo', 'statusid', 'usercreatedid', 'usercreatedid_nombre', 'datecreated (America/Lima)'];
    const exported = { umbralid: '7', umbral: 'Banda', nodoid: '3', nodoid_nombre: 'NODO-3', minimo: '25.5', maximo: '26.75', statusid: '1', usercreatedid: '1', usercreatedid_nombre: 'Ana Admin', 'datecreated (America/Lima)': '2026-11-01T07:00:00-05:00' };
    const typed = { ...exported, nodoid: '', nodoid_nombre: 'NODO-4' };
    const tableColumns = ['umbralid', 'umbral', 'nodoid', 'minimo', 'maximo', 'statusid', 'usercreatedid', 'datecreated'];
    expect(fromCsv(['umbral', 'nodoid', 'minimo', 'maximo', 'statusid'], [...csvColumns, 'color'], [exported, typed], tableColumns)).toEqual({
      rows: [
        { umbral: 'Banda', nodoid: '3', minimo: '25.5', maximo: '26.75', statusid: '1' },
        { umbral: 'Banda', nodoid: 'NODO-4', minimo: '25.5', maximo: '26.75', statusid: '1' },
      ],
      unknown: ['color'],
    });
  });

  it('maps the API row index back to the grid row when empty rows were skipped', () => {
    const rows = [{ nodoid: '1' }, { nodoid: '' }, { nodoid: 'X' }];
    const byRow = errorsByRow(rows, [{ index: 1, field: 'nodoid', code: 'FOREIGN_KEY', rule: 'unknownLabel', message: '' }]);
    expect([...byRow.keys()]).toEqual([2]);
  });
});
