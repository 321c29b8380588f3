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

  it('maps the API row index back to the grid row when empty rows were skipped', () => {
    const rows = [{ nodoid: '1' }, { nodoid: '' }, { nodoid: 'X' }];
    const byRow = errorsByRow(rows, [{ index: 1, field: 'nodoid', code: 'FOREIGN_KEY', rule: 'unknownLabel', message: '' }]);
    expect([...byRow.keys()]).toEqual([2]);
  });
});
