import { describe, expect, it } from 'vitest';
import { grantsToSave, levelChoicesFor, levelsChanged, levelsOf } from './user-access-model';

describe('a user access form', () => {
  const access = {
    usuarioid: 2,
    todas: false,
    accesos: [
      { empresaid: 3, empresa: 'Agrícola Los Andes SpA', paisid: 2, pais: 'Chile', nivel: 'operacion' as const },
      { empresaid: 1, empresa: 'Agroexportadora Virú S.A.C.', paisid: 1, pais: 'Perú', nivel: 'lectura' as const },
    ],
  };

  it('reads the levels the user holds and sends every granted company, none of the others, in company order', () => {
    const levels = levelsOf(access);
    expect(levels).toEqual({ 1: 'lectura', 3: 'operacion' });
    expect(grantsToSave({ ...levels, 2: 'gestion', 4: 'none', 3: 'none' })).toEqual([
      { empresaid: 1, nivel: 'lectura' },
      { empresaid: 2, nivel: 'gestion' },
    ]);
  });

  it("counts 'none' and an absent company as the same, so a form put back is unchanged", () => {
    const saved = levelsOf(access);
    expect(levelsChanged(saved, { ...saved, 4: 'none' })).toBe(false);
    expect(levelsChanged(saved, { ...saved, 4: 'lectura' })).toBe(true);
    expect(levelsChanged(saved, { ...saved, 1: 'none' })).toBe(true);
    expect(levelsChanged(saved, { ...saved, 1: 'gestion' })).toBe(true);
  });

  it("offers a company's select only where a level may be given, with taking it away first", () => {
    expect(levelChoicesFor(['lectura', 'operacion', 'gestion'])).toEqual(['none', 'lectura', 'operacion', 'gestion']);
    expect(levelChoicesFor(['lectura', 'operacion'])).toEqual(['none', 'lectura', 'operacion']);
    expect(levelChoicesFor([])).toEqual([]);
  });

  it("sends a manager's companies only, so the user's other grants stay as the API holds them", () => {
    const levels = { ...levelsOf(access), 2: 'gestion' as const };
    expect(grantsToSave(levels, (empresaid) => empresaid === 2)).toEqual([{ empresaid: 2, nivel: 'gestion' }]);
    // A managed company taken away is left out, which the API reads as withdrawn.
    expect(grantsToSave({ ...levels, 2: 'none' }, (empresaid) => empresaid === 2)).toEqual([]);
  });
});
