import type { AccessLevel } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { tableWriteRefusal, type SignedInAccess } from './access-context';

const accessOf = (status: SignedInAccess['status'], levels: AccessLevel[], all = false): SignedInAccess => ({
  status,
  all,
  grants: levels.map((nivel, index) => ({ empresaid: index + 1, empresa: `Empresa ${index + 1}`, paisid: 1, pais: 'Perú', nivel })),
  scope: null,
  error: undefined,
  isValidating: false,
  retry: () => undefined,
  levelOf: () => null,
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
