import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads a header and rows as text, trimming headers and values, skipping blank lines', () => {
    expect(parseCsv('\uFEFF nodoid ,tipoid\n1, 2\n\n3,Sonda 20 cm\n')).toEqual({
      columns: ['nodoid', 'tipoid'],
      rows: [
        { nodoid: '1', tipoid: '2' },
        { nodoid: '3', tipoid: 'Sonda 20 cm' },
      ],
      errors: [],
      delimiter: ',',
    });
  });

  it('detects semicolons, keeps quoted commas and formula-looking cells as plain text', () => {
    const parsed = parseCsv('umbral;minimo\n"Temp, alta";=1+1\n');
    expect(parsed.rows).toEqual([{ umbral: 'Temp, alta', minimo: '=1+1' }]);
    expect(parsed.delimiter).toBe(';');
  });

  it('names the line of a row with too many fields', () => {
    const parsed = parseCsv('a,b\n1,2\n1,2,3\n');
    expect(parsed.errors).toEqual([{ line: 2, message: expect.stringMatching(/fields/i) as string }]);
    expect(parsed.rows).toHaveLength(2);
  });
});
