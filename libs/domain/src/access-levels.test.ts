import { describe, expect, it } from 'vitest';
import { accessLevelAllows, levelsGrantableBy } from './contracts/access';

describe('levelsGrantableBy', () => {
  it('gives nothing without gestion in the company', () => {
    expect(levelsGrantableBy(undefined)).toEqual([]);
    expect(levelsGrantableBy(null)).toEqual([]);
    expect(levelsGrantableBy('lectura')).toEqual([]);
    expect(levelsGrantableBy('operacion')).toEqual([]);
  });

  it('gives a manager every level up to its own', () => {
    expect(levelsGrantableBy('gestion')).toEqual(['lectura', 'operacion', 'gestion']);
  });

  it('never gives a level above the holder’s', () => {
    for (const held of ['lectura', 'operacion', 'gestion'] as const) {
      for (const level of levelsGrantableBy(held)) expect(accessLevelAllows(held, level)).toBe(true);
    }
  });
});
