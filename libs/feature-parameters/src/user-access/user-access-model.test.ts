import { describe, expect, it } from 'vitest';
import { grantsToSave, levelsChanged, levelsOf } from './user-access-model';

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
});
