import { describe, expect, it } from 'vitest';
import { keyStartsWith } from '../client/query-key';
import { thresholdKeys, thresholdPaths } from './keys';

describe('thresholdKeys', () => {
  it('puts only the chosen filters in the scope and changes keys and paths', () => {
    expect(thresholdKeys.scope({ paisId: null, empresaId: null, fundoId: null })).toEqual(['thresholds', 'list', 'scope', {}]);
    expect(thresholdPaths.scope({ paisId: null, empresaId: null, fundoId: null })).toBe('/sense/umbrales');
    expect(thresholdKeys.scope({ paisId: 1, empresaId: 2, fundoId: null })).toEqual(['thresholds', 'list', 'scope', { paisId: 1, empresaId: 2 }]);
    expect(thresholdPaths.scope({ paisId: 1, empresaId: 2, fundoId: null })).toBe('/sense/umbrales?paisId=1&empresaId=2');
    expect(thresholdKeys.changes({ fundoId: 3 }, 20)).toEqual(['thresholds', 'list', 'changes', { fundoId: 3 }, 20]);
    expect(thresholdPaths.changes({ fundoId: 3 }, 20)).toBe('/sense/umbrales/cambios?fundoId=3&limit=20');
  });

  it('starts every listing key with the prefix a save revalidates', () => {
    const listing = keyStartsWith(thresholdKeys.lists);
    expect(listing(thresholdKeys.scope({ fundoId: 3 }))).toBe(true);
    expect(listing(thresholdKeys.changes({}, 5))).toBe(true);
    const seven = keyStartsWith(thresholdKeys.one(7));
    expect(seven(thresholdKeys.history(7))).toBe(true);
    expect(seven(thresholdKeys.preview({ umbralId: 7, minimo: 1, maximo: 2, days: 7 }))).toBe(true);
    expect(seven(thresholdKeys.version(7))).toBe(true);
    expect(seven(thresholdKeys.history(70))).toBe(false);
    expect(listing(thresholdKeys.history(7))).toBe(false);
  });

  it('asks no preview for an inverted or missing band, nor history without a threshold', () => {
    expect(thresholdKeys.preview({ umbralId: 7, minimo: 3, maximo: 2, days: 7 })).toBeNull();
    expect(thresholdKeys.preview({ umbralId: 7, minimo: Number.NaN, maximo: 2, days: 7 })).toBeNull();
    expect(thresholdKeys.preview(null)).toBeNull();
    expect(thresholdKeys.history(null)).toBeNull();
    expect(thresholdKeys.preview({ umbralId: 7, minimo: -1.5, maximo: 2, days: 30 })).toEqual(['thresholds', 'one', 7, 'preview', { minimo: -1.5, maximo: 2, days: 30 }]);
    expect(thresholdPaths.preview(7, { minimo: -1.5, maximo: 2, days: 30 })).toBe('/sense/umbral/7/preview?minimo=-1.5&maximo=2&days=30');
  });
});
