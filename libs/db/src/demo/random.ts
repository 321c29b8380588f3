/**
 * A small seeded pseudo-random generator (mulberry32): the demo farm must come out identical for
 * the same seed, which Math.random cannot promise.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A normally distributed float (Box–Muller). */
  normal(mean?: number, deviation?: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` upper-case hexadecimal digits. */
  hex(count: number): string;
  /** The list in a random order (a copy). */
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a: turns a label into 32 bits, to derive independent streams from one seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The generator for `seed`, or for `seed` and a label: each part of the farm draws from its own
 * stream (`createRandom(seed, 'readings:NODO-SJO-01')`), so adding a draw in one part does not
 * change every number after it elsewhere.
 */
export function createRandom(seed: number, label = ''): Random {
  let state = (seed ^ hashString(label)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal(mean = 0, deviation = 1) {
      // 1 - next() is in (0, 1]: the logarithm stays finite.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      return mean + deviation * radius * Math.cos(2 * Math.PI * next());
    },
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    hex(count) {
      let text = '';
      for (let index = 0; index < count; index += 1) text += Math.floor(next() * 16).toString(16).toUpperCase();
      return text;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy;
    },
  };
  return random;
}
