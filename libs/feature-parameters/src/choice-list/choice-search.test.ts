import { describe, expect, it } from 'vitest';
import { foldText, matchesSearch } from './choice-search';

describe('choice search', () => {
  it('folds case and accents', () => {
    expect(foldText('María Ñandú')).toBe('maria nandu');
  });
  it('matches every word anywhere, ignoring accents and case', () => {
    expect(matchesSearch('María Torres maria.torres@camposense.dev', 'torres MARIA')).toBe(true);
    expect(matchesSearch('NODO-07 70B3D57ED0000007', 'd0000007')).toBe(true);
    expect(matchesSearch('NODO-07', 'nodo 08')).toBe(false);
  });
  it('a blank search matches everything', () => {
    expect(matchesSearch('anything', '   ')).toBe(true);
  });
});
