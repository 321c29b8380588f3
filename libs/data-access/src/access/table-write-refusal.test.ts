import type { AccessLevel } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { grantableLevels, grantsWriteRefusal, tableWriteRefusal, type SignedInAccess } from './access-context';

const accessOf = (status: SignedInAccess['status'], levels: AccessLevel[], all = false): SignedInAccess => ({
  status,
  all,
  grants: levels.map((nivel, index) => ({ empresaid: index + 1, empresa: `Empresa ${index + 1}`, paisid: 1, pais: 'Perú', nivel })),
  scope: null,
  error: undefined,
  isValidating: false,
  retry: () => undefined,
  levelOf: (empresaid) => (all ? 'gestion' : (levels[empresaid - 1] ?? null)),
});

describe('tableWriteRefusal: one rule for who writes a table (issue 32)', () => {
  it('answers what the caller passes when there are no grants to read, and nothing else', () => {
    expect(tableWriteRefusal(null, 'fundo', 'create', null)).toBeNull();
    expect(tableWriteRefusal(null, 'fundo', 'create', { kind: 'unknown' })).toEqual({ kind: 'unknown' });
    // The fallback is for a missing provider only: a provider's answer never falls back.
    expect(tableWriteRefusal(accessOf('ready', ['lectura']), 'fundo', 'create', null)).toEqual({ kind: 'level', level: 'gestion' });
  });

  it('names no level while the grants load or failed, since none is known', () => {
    expect(tableWriteRefusal(accessOf('loading', []), 'fundo', 'update', null)).toEqual({ kind: 'unknown' });
    expect(tableWriteRefusal(accessOf('error', []), 'umbral', 'create', null)).toEqual({ kind: 'unknown' });
    // What only an admin writes does not depend on the grants: it is said at once.
    expect(tableWriteRefusal(accessOf('loading', []), 'pais', 'create', null)).toEqual({ kind: 'adminOnly' });
  });

  it('lets an admin write everything, and another user where a grant reaches the level', () => {
    expect(tableWriteRefusal(accessOf('ready', [], true), 'pais', 'create', { kind: 'unknown' })).toBeNull();
    expect(tableWriteRefusal(accessOf('ready', ['lectura', 'gestion']), 'fundo', 'create', null)).toBeNull();
    expect(tableWriteRefusal(accessOf('ready', ['operacion']), 'umbral', 'update', null)).toBeNull();
    expect(tableWriteRefusal(accessOf('ready', ['operacion']), 'fundo', 'update', null)).toEqual({ kind: 'level', level: 'gestion' });
  });
});

describe("who changes a user's grants, and to which levels (issue 32)", () => {
  it('lets a manager somewhere in, and nobody below gestion; names no level while the grants load', () => {
    expect(grantsWriteRefusal(accessOf('ready', ['lectura', 'gestion']), null)).toBeNull();
    expect(grantsWriteRefusal(accessOf('ready', ['operacion']), null)).toEqual({ kind: 'level', level: 'gestion' });
    expect(grantsWriteRefusal(accessOf('loading', []), null)).toEqual({ kind: 'unknown' });
    expect(grantsWriteRefusal(accessOf('ready', [], true), null)).toBeNull();
    expect(grantsWriteRefusal(null, { kind: 'unknown' })).toEqual({ kind: 'unknown' });
  });

  it('offers a manager every level in the companies it manages, and nothing in the others', () => {
    // Empresa 1 read, Empresa 2 operated, Empresa 3 managed.
    const manager = accessOf('ready', ['lectura', 'operacion', 'gestion']);
    expect(grantableLevels(manager, 3)).toEqual(['lectura', 'operacion', 'gestion']);
    expect(grantableLevels(manager, 2)).toEqual([]);
    expect(grantableLevels(manager, 1)).toEqual([]);
    expect(grantableLevels(manager, 9)).toEqual([]);
    // Not before the grants are read, even where they will say gestion.
    expect(grantableLevels({ ...manager, status: 'loading' }, 3)).toEqual([]);
  });

  it('offers an admin, or a screen without grants to read (the API decides), every level anywhere', () => {
    expect(grantableLevels(accessOf('ready', [], true), 7)).toEqual(['lectura', 'operacion', 'gestion']);
    expect(grantableLevels(null, 7)).toEqual(['lectura', 'operacion', 'gestion']);
  });
});
