import { describe, expect, it } from 'vitest';
import { isConstrainedLink } from './link';

describe('isConstrainedLink', () => {
  it('is constrained when the visitor saves data or the link is 3G or slower', () => {
    expect(isConstrainedLink({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isConstrainedLink({ effectiveType: '3g' })).toBe(true);
    expect(isConstrainedLink({ effectiveType: '2g' })).toBe(true);
    expect(isConstrainedLink({ effectiveType: 'slow-2g' })).toBe(true);
  });

  it('is not on a 4G link, nor where the browser says nothing', () => {
    expect(isConstrainedLink({ saveData: false, effectiveType: '4g' })).toBe(false);
    expect(isConstrainedLink({})).toBe(false);
    expect(isConstrainedLink(null)).toBe(false);
  });
});
