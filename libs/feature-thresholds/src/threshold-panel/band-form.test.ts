import { describe, expect, it } from 'vitest';
import { changedColumns, isDirty, validateBand } from './band-form';
import type { BandForm } from './band-form';

const original: BandForm = { umbral: 'Temperatura', minimo: '12', maximo: '32', criticidadid: 1, statusid: 1, perfilids: [1, 2] };

describe('the band form', () => {
  it('refuses a minimum above the maximum, and missing fields', () => {
    expect(validateBand(original)).toEqual({});
    expect(validateBand({ ...original, minimo: '33' })).toEqual({ maximo: 'invalidBand' });
    expect(validateBand({ ...original, minimo: '32' })).toEqual({});
    expect(validateBand({ ...original, umbral: ' ', minimo: '', maximo: 'abc', criticidadid: null })).toEqual({
      umbral: 'required',
      minimo: 'required',
      maximo: 'required',
      criticidadid: 'required',
    });
  });

  it('accepts a decimal comma', () => {
    expect(changedColumns(original, { ...original, minimo: '12,5' })).toEqual({ minimo: 12.5 });
  });

  it('sends only what changed, and knows when nothing did', () => {
    expect(changedColumns(original, { ...original, maximo: '30', statusid: 0 })).toEqual({ maximo: 30, statusid: 0 });
    expect(isDirty(original, { ...original })).toBe(false);
    expect(isDirty(original, { ...original, perfilids: [2, 1] })).toBe(false);
    expect(isDirty(original, { ...original, perfilids: [2] })).toBe(true);
    expect(isDirty(original, { ...original, minimo: '12.0' })).toBe(true);
  });
});
