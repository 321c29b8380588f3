import { describe, expect, it } from 'vitest';
import { resolveDisplayTimeZone, type ZoneResolutionInput } from './display-time-zone';

const PERU = { zonahoraria: 'America/Lima' };
const CHILE = { zonahoraria: 'America/Santiago' };
const base: ZoneResolutionInput = { source: 'farm', browserZone: 'Europe/Madrid', fundo: null, pais: null, paises: [PERU, CHILE] };

describe('resolveDisplayTimeZone', () => {
  it('uses the chosen farm’s own zone, else its country’s', () => {
    expect(resolveDisplayTimeZone({ ...base, pais: CHILE, fundo: { zonahoraria: 'America/Punta_Arenas' } })).toEqual({ timeZone: 'America/Punta_Arenas', basis: 'fundo' });
    expect(resolveDisplayTimeZone({ ...base, pais: CHILE, fundo: { zonahoraria: null } })).toEqual({ timeZone: 'America/Santiago', basis: 'pais' });
    expect(resolveDisplayTimeZone({ ...base, pais: PERU })).toEqual({ timeZone: 'America/Lima', basis: 'pais' });
  });

  it('with no country chosen, uses the zone every country shares, or the browser’s when they differ', () => {
    expect(resolveDisplayTimeZone({ ...base, paises: [PERU, { zonahoraria: 'America/Lima' }] })).toEqual({ timeZone: 'America/Lima', basis: 'countries' });
    expect(resolveDisplayTimeZone(base)).toEqual({ timeZone: 'Europe/Madrid', basis: 'mixed' });
  });

  it('uses the browser’s when the person asks for it, whatever the scope', () => {
    expect(resolveDisplayTimeZone({ ...base, source: 'browser', pais: PERU, fundo: { zonahoraria: 'America/Lima' } })).toEqual({ timeZone: 'Europe/Madrid', basis: 'browser' });
  });

  it('uses the browser’s while the lists are loading', () => {
    expect(resolveDisplayTimeZone({ ...base, paises: [] })).toEqual({ timeZone: 'Europe/Madrid', basis: 'browser' });
  });
});
