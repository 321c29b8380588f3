import { thresholdScopeFixture } from '@camposense/data-access/testing';
import { describe, expect, it } from 'vitest';
import { firstRows, groupRows, NO_PICKS } from './threshold-scope';

const rowCount = (groups: ReturnType<typeof groupRows>) => groups.flatMap((group) => group.nodes.flatMap((node) => node.rows)).length;

describe('firstRows', () => {
  const groups = groupRows(thresholdScopeFixture, NO_PICKS);

  it('keeps the first rows in their location and node groups, in order', () => {
    expect(rowCount(groups)).toBe(7);
    const first = firstRows(groups, 4);
    expect(rowCount(first)).toBe(4);
    expect(first.map((group) => group.location.ubicacionid)).toEqual([11]);
    expect(first[0]!.nodes[0]!.rows.map((row) => row.key)).toEqual(groups[0]!.nodes[0]!.rows.slice(0, 4).map((row) => row.key));
    // The cut falls in the second location: its first row comes along, the rest waits.
    expect(rowCount(firstRows(groups, 5))).toBe(5);
    expect(firstRows(groups, 5).map((group) => group.location.ubicacionid)).toEqual([11, 12]);
  });

  it('is the whole list when the limit is above it', () => {
    expect(firstRows(groups, 100)).toEqual(groups);
  });
});
