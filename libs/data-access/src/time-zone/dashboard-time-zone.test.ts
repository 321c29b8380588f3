import { describe, expect, it } from 'vitest';
import { resolveDashboardTimeZone } from './dashboard-time-zone';
import type { DashboardZoneInput } from './dashboard-time-zone';

// The sidebar scoped to nothing, with farms in Peru and Chile: the browser's zone, "mixed".
const MIXED_SCOPE = { timeZone: 'America/Lima', basis: 'mixed' } as const;
const base: DashboardZoneInput = { scope: MIXED_SCOPE, source: 'farm', fundo: null, countryZone: null };

describe('resolveDashboardTimeZone (issue 28, item 8)', () => {
  it('a Chilean farm chosen in the dashboard’s FUNDO shows Santiago’s time, not the scope’s Lima, and is one farm (not “different zones”)', () => {
    expect(resolveDashboardTimeZone({ ...base, fundo: { zonahoraria: null }, countryZone: 'America/Santiago' })).toEqual({
      timeZone: 'America/Santiago',
      basis: 'fundo',
    });
  });

  it('a farm’s own zone wins over its country’s', () => {
    expect(resolveDashboardTimeZone({ ...base, fundo: { zonahoraria: 'America/Punta_Arenas' }, countryZone: 'America/Santiago' })).toEqual({
      timeZone: 'America/Punta_Arenas',
      basis: 'fundo',
    });
  });

  it('with no farm chosen in the bar, the scope’s zone and reason stand (farms in different zones say so)', () => {
    expect(resolveDashboardTimeZone(base)).toEqual(MIXED_SCOPE);
  });

  it('the browser’s zone when the person asks for it, and the scope’s while the farm’s zone is not known yet', () => {
    const browser = { timeZone: 'Europe/Madrid', basis: 'browser' } as const;
    expect(resolveDashboardTimeZone({ ...base, scope: browser, source: 'browser', fundo: { zonahoraria: 'America/Santiago' } })).toEqual(browser);
    expect(resolveDashboardTimeZone({ ...base, fundo: { zonahoraria: null }, countryZone: null })).toEqual(MIXED_SCOPE);
  });
});
