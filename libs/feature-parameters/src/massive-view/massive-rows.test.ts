import { describe, expect, it } from 'vitest';
import { parseCsv } from '@camposense/ui';
import { errorsByRow, fromCsv, readDecimalCommas, requestRows } from './massive-rows';

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

  it("reads a Spanish spreadsheet's ';' file with decimal commas as numbers with points, in decimal columns only", () => {
    const parsed = parseCsv('umbral;minimo;maximo\r\nHelada 1,5;-0,125;25,5\r\nMiles;1.234,5;1200\r\n');
    expect(parsed.delimiter).toBe(';');
    const { rows } = fromCsv(['umbral', 'minimo', 'maximo'], parsed.columns, parsed.rows);
    expect(readDecimalCommas(rows, new Set(['minimo', 'maximo']), parsed.delimiter)).toEqual([
      // A text column keeps its comma; "1.234,5" (thousands and decimals) is not guessed at: the API refuses it.
      { umbral: 'Helada 1,5', minimo: '-0.125', maximo: '25.5' },
      { umbral: 'Miles', minimo: '1.234,5', maximo: '1200' },
    ]);
  });

  it('reads no decimal comma in a comma-separated file, where a comma may be anything', () => {
    const parsed = parseCsv('umbral,minimo,maximo\r\nA,"25,5",30\r\n');
    expect(parsed.delimiter).toBe(',');
    expect(readDecimalCommas(fromCsv(['umbral', 'minimo', 'maximo'], parsed.columns, parsed.rows).rows, new Set(['minimo', 'maximo']), parsed.delimiter)).toEqual([
      { umbral: 'A', minimo: '25,5', maximo: '30' },
    ]);
  });

  it('reads decimal commas in a tab-separated paste too', () => {
    expect(readDecimalCommas([{ minimo: '7,25' }], new Set(['minimo']), '\t')).toEqual([{ minimo: '7.25' }]);
  });
});
