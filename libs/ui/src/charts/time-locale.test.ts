import { describe, expect, it } from 'vitest';
import { chartTimeFormats, zoneOffsetMs, zoneTicks } from './time-locale';

describe('chart times in a named zone', () => {
  it('reads the zone offset, daylight saving included', () => {
    expect(zoneOffsetMs('America/Lima', new Date('2026-07-01T12:00:00Z'))).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs('Europe/Madrid', new Date('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(zoneOffsetMs('Europe/Madrid', new Date('2026-07-15T12:00:00Z'))).toBe(2 * 3_600_000);
    expect(() => zoneOffsetMs('Mars/Olympus', new Date())).toThrow(RangeError);
  });

  it('writes ticks and the read-out on the zone wall clock, whatever the browser', () => {
    const instant = new Date('2026-11-21T15:30:00Z');
    expect(chartTimeFormats('es', 'America/Lima').readout(instant)).toBe('21/11/2026 10:30');
    expect(chartTimeFormats('en', 'Asia/Tokyo').readout(instant)).toBe('11/22/2026 00:30');
    // Lima's midnight is 05:00 UTC: a day tick there, not an hour tick.
    expect(chartTimeFormats('es', 'America/Lima').tick(new Date('2026-11-21T05:00:00Z'))).toBe('sáb 21');
    expect(chartTimeFormats('en', 'America/Lima').tick(new Date('2026-11-21T11:00:00Z'))).toBe('06:00');
  });

  it('puts day ticks on the zone midnights', () => {
    const ticks = zoneTicks('America/Lima', new Date('2026-11-18T00:00:00Z'), new Date('2026-11-21T00:00:00Z'), 3);
    expect(ticks.map((tick) => tick.toISOString())).toEqual(['2026-11-18T05:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-20T05:00:00.000Z']);
  });
});
