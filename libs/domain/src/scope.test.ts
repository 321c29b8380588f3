import { describe, expect, it } from 'vitest';
import { formatTableScope, isScopable, parseTableScope, scopeChain } from './scope';

describe('table scope', () => {
  it('follows a node to the country through its placements', () => {
    expect(scopeChain('nodo')).toEqual(['localizacion', 'ubicacion', 'fundo', 'empresa', 'pais']);
    expect(scopeChain('mensaje')).toEqual(['alerta', 'umbral', 'ubicacion', 'fundo', 'empresa', 'pais']);
    expect(scopeChain('metrica')).toEqual([]);
  });

  it('scopes a table only to the levels above it', () => {
    expect(isScopable('sensor', 'fundo')).toBe(true);
    expect(isScopable('fundo', 'pais')).toBe(true);
    expect(isScopable('fundo', 'fundo')).toBe(false);
    expect(isScopable('empresa', 'fundo')).toBe(false);
    expect(isScopable('criticidad', 'pais')).toBe(false);
  });

  it('reads back what it writes and nothing else', () => {
    expect(parseTableScope(formatTableScope({ level: 'fundo', id: 3 }))).toEqual({ level: 'fundo', id: 3 });
    for (const text of ['fundo:0', 'fundo:-1', 'nodo:3', 'fundo:3;drop', 'fundo:', 'FUNDO:3', 'fundo:99999999999']) {
      expect(parseTableScope(text), text).toBeNull();
    }
  });
});
