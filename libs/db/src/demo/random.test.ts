import { describe, expect, it } from 'vitest';
import { createRandom, hashString } from './random';

function draws(seed: number, label: string, count = 5): number[] {
  const random = createRandom(seed, label);
  return Array.from({ length: count }, () => random.next());
}

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and label', () => {
    expect(draws(42, 'a')).toEqual(draws(42, 'a'));
  });

  it('gives other sequences for another seed or another label', () => {
    expect(draws(42, 'a')).not.toEqual(draws(43, 'a'));
    expect(draws(42, 'a')).not.toEqual(draws(42, 'b'));
  });

  it('stays within the asked ranges', () => {
    const random = createRandom(1, 'ranges');
    for (let index = 0; index < 2000; index += 1) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const integer = random.integer(3, 5);
      expect([3, 4, 5]).toContain(integer);
      expect(random.hex(16)).toMatch(/^[0-9A-F]{16}$/);
    }
  });

  it('draws normal values around the mean', () => {
    const random = createRandom(9, 'normal');
    const values = Array.from({ length: 5000 }, () => random.normal(10, 2));
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const deviation = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
    expect(mean).toBeCloseTo(10, 0);
    expect(deviation).toBeGreaterThan(1.8);
    expect(deviation).toBeLessThan(2.2);
  });

  it('shuffles without losing or adding items', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = createRandom(3, 'shuffle').shuffle(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('hashes labels to 32-bit unsigned integers', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('NODO-SJO-01')).not.toBe(hashString('NODO-SJO-02'));
    expect(hashString('x')).toBeLessThan(2 ** 32);
  });
});
