import { describe, expect, it } from 'vitest';
import { thresholdKeys } from './keys';

describe('thresholdKeys', () => {
  it('puts only the chosen filters in the scope and changes keys', () => {
    expect(thresholdKeys.scope({ paisId: null, empresaId: null, fundoId: null })).toBe('/sense/umbrales');
    expect(thresholdKeys.scope({ paisId: 1, empresaId: 2, fundoId: null })).toBe('/sense/umbrales?paisId=1&empresaId=2');
    expect(thresholdKeys.changes({ fundoId: 3 }, 20)).toBe('/sense/umbrales/cambios?fundoId=3&limit=20');
  });

  it('starts every listing key with the prefix a save revalidates', () => {
    expect(thresholdKeys.scope({ fundoId: 3 }).startsWith(thresholdKeys.scopePrefix)).toBe(true);
    expect(thresholdKeys.changes({}, 5).startsWith(thresholdKeys.scopePrefix)).toBe(true);
    expect(thresholdKeys.history(7)!.startsWith(thresholdKeys.umbralPrefix(7))).toBe(true);
    expect(thresholdKeys.preview({ umbralId: 7, minimo: 1, maximo: 2, days: 7 })!.startsWith(thresholdKeys.umbralPrefix(7))).toBe(true);
  });

  it('asks no preview for an inverted or missing band, nor history without a threshold', () => {
    expect(thresholdKeys.preview({ umbralId: 7, minimo: 3, maximo: 2, days: 7 })).toBeNull();
    expect(thresholdKeys.preview({ umbralId: 7, minimo: Number.NaN, maximo: 2, days: 7 })).toBeNull();
    expect(thresholdKeys.preview(null)).toBeNull();
    expect(thresholdKeys.history(null)).toBeNull();
    expect(thresholdKeys.preview({ umbralId: 7, minimo: -1.5, maximo: 2, days: 30 })).toBe('/sense/umbral/7/preview?minimo=-1.5&maximo=2&days=30');
  });
});
