import { describe, expect, it } from 'vitest';
import { gapBefore } from './gaps';
import type { ChartBucket } from './gaps';

const at = (minutes: number): ChartBucket => ({ t: new Date(Date.UTC(2026, 0, 1, 0, minutes)), min: 1, max: 2, avg: 1.5, count: 1 });

describe('gapBefore', () => {
  it('breaks the line where buckets are missing', () => {
    expect(gapBefore([at(0), at(30), at(60), at(180), at(210)], 1800)).toEqual([false, false, false, true, false]);
  });

  it('does not break between readings sparser than the buckets', () => {
    // 2-minute buckets over 15-minute readings: every step is 15 minutes, none is a gap.
    expect(gapBefore([at(0), at(15), at(30), at(45)], 120)).toEqual([false, false, false, false]);
    expect(gapBefore([at(0), at(15), at(30), at(45), at(150), at(165)], 120)).toEqual([false, false, false, false, true, false]);
  });
});
