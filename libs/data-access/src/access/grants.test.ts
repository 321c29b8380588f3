import { accessLevelAllows as levelAllows, type AccessGrant } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { operateRefusal, type SignedInAccess } from './access-context';
import { grantScopeOf, restrictToGrant, singleGrantedFarm } from './grants';

const viru: AccessGrant = { empresaid: 1, empresa: 'Agrícola Virú', paisid: 1, pais: 'Perú', nivel: 'lectura' };
const maipo: AccessGrant = { empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' };

function accessOf(grants: AccessGrant[], overrides: Partial<SignedInAccess> = {}): SignedInAccess {
  const levels = new Map(grants.map((grant) => [grant.empresaid, grant.nivel]));
  return {
    status: 'ready',
    all: false,
    grants,
    scope: grantScopeOf(grants),
    error: undefined,
    isValidating: false,
    retry: () => undefined,
    levelOf: (empresaid) => levels.get(empresaid) ?? null,
    ...overrides,
  };
}

describe('restrictToGrant', () => {
  const chileOnly = grantScopeOf([maipo]);

  it('keeps a selection inside the grant as it is (the same object: no render loop)', () => {
    const inside = { paisId: 2, empresaId: 3, fundoId: 7 };
    expect(restrictToGrant(inside, chileOnly)).toBe(inside);
  });

  it('drops a country the grant does not cover, with everything under it', () => {
    expect(restrictToGrant({ paisId: 1, empresaId: 1, fundoId: 1 }, chileOnly)).toEqual({ paisId: null, empresaId: null, fundoId: null });
  });

  it('drops a company of a granted country that is not granted itself, and its farm', () => {
    expect(restrictToGrant({ paisId: 2, empresaId: 4, fundoId: 9 }, chileOnly)).toEqual({ paisId: 2, empresaId: null, fundoId: null });
  });

  it('leaves an admin (no scope) alone', () => {
    const anywhere = { paisId: 1, empresaId: 1, fundoId: 1 };
    expect(restrictToGrant(anywhere, null)).toBe(anywhere);
  });
});

describe('singleGrantedFarm', () => {
  it('is the whole path of the one farm the granted companies hold, ignoring farms of other companies', () => {
    const fundos = [
      { fundoid: 5, empresaid: 3 },
      { fundoid: 1, empresaid: 1 },
      { fundoid: 2, empresaid: 2 },
    ];
    expect(singleGrantedFarm([maipo], fundos)).toEqual({ paisId: 2, empresaId: 3, fundoId: 5 });
  });

  it('is null with two farms, or none', () => {
    expect(singleGrantedFarm([maipo], [{ fundoid: 5, empresaid: 3 }, { fundoid: 6, empresaid: 3 }])).toBeNull();
    expect(singleGrantedFarm([viru, maipo], [{ fundoid: 5, empresaid: 3 }, { fundoid: 1, empresaid: 1 }])).toBeNull();
    expect(singleGrantedFarm([maipo], [{ fundoid: 1, empresaid: 1 }])).toBeNull();
  });
});

describe('levels', () => {
  it('include the ones below', () => {
    expect(levelAllows('gestion', 'operacion')).toBe(true);
    expect(levelAllows('operacion', 'operacion')).toBe(true);
    expect(levelAllows('lectura', 'operacion')).toBe(false);
    expect(levelAllows(null, 'lectura')).toBe(false);
  });

  it('refuse acknowledging where the user only reads, naming the company', () => {
    const access = accessOf([viru, maipo]);
    expect(operateRefusal(access, 1)).toEqual({ empresa: 'Agrícola Virú' });
    expect(operateRefusal(access, 3)).toBeNull();
    // A company not granted at all: refused, unnamed (the console never names what it was not given).
    expect(operateRefusal(access, 9)).toEqual({ empresa: null });
    // Anywhere: allowed, one grant operates.
    expect(operateRefusal(access, null)).toBeNull();
  });

  it('refuse everywhere when every grant reads only, and while the grant is unknown', () => {
    expect(operateRefusal(accessOf([viru]), null)).toEqual({ empresa: 'Agrícola Virú' });
    expect(operateRefusal(accessOf([maipo], { status: 'loading', grants: [] }), 3)).toEqual({ empresa: null });
  });

  it('refuse by the level asked: operacion tunes thresholds, gestion alone manages', () => {
    const access = accessOf([viru, maipo]);
    expect(operateRefusal(access, 3, 'operacion')).toBeNull();
    expect(operateRefusal(access, 3, 'gestion')).toEqual({ empresa: 'Viñedos del Maipo' });
    expect(operateRefusal(access, null, 'gestion')).toEqual({ empresa: null });
  });

  it('allow an admin, and a screen without an access provider (the API decides)', () => {
    expect(operateRefusal(accessOf([], { all: true, scope: null, levelOf: () => 'gestion' }), 1)).toBeNull();
    expect(operateRefusal(null, 1)).toBeNull();
  });
});
