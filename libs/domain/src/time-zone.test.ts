import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatInstantInZone, isTimeZone } from './time-zone';

describe('canonicalTimeZone', () => {
  it('knows the farms’ zones and spells them canonically', () => {
    expect(canonicalTimeZone('America/Lima')).toBe('America/Lima');
    expect(canonicalTimeZone(' america/santiago ')).toBe('America/Santiago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Buenos_Aires')).not.toBeNull();
  });

  it.each(['', 'Lima', 'Mars/Olympus_Mons', '+05:00', '-0500', 'America/Lima; drop', '../etc/passwd'])('refuses %j', (name) => {
    expect(canonicalTimeZone(name)).toBeNull();
    expect(isTimeZone(name)).toBe(false);
  });
});

describe('formatInstantInZone', () => {
  it('writes the farm’s local time with its offset instead of UTC Z', () => {
    expect(formatInstantInZone('2026-11-01T12:00:00.000Z', 'America/Lima')).toBe('2026-11-01T07:00:00-05:00');
    expect(formatInstantInZone(new Date('2026-11-01T12:00:00Z'), 'UTC')).toBe('2026-11-01T12:00:00+00:00');
    expect(formatInstantInZone('2026-11-01T02:30:15.250Z', 'America/Lima')).toBe('2026-10-31T21:30:15.250-05:00');
  });

  it('follows daylight saving: Santiago is −03:00 in November and −04:00 in July', () => {
    expect(formatInstantInZone('2026-11-01T12:00:00Z', 'America/Santiago')).toBe('2026-11-01T09:00:00-03:00');
    expect(formatInstantInZone('2026-07-01T12:00:00Z', 'America/Santiago')).toBe('2026-07-01T08:00:00-04:00');
    expect(formatInstantInZone('2026-07-01T12:00:00Z', 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
  });

  it('names the same instant it was given', () => {
    for (const iso of ['2026-04-05T03:30:00.000Z', '2026-09-06T04:10:00.000Z', '2026-12-31T23:59:59.000Z']) {
      expect(new Date(formatInstantInZone(iso, 'America/Santiago')!).toISOString()).toBe(iso);
    }
  });

  it('answers null for a missing or invalid date', () => {
    expect(formatInstantInZone(null, 'America/Lima')).toBeNull();
    expect(formatInstantInZone('', 'America/Lima')).toBeNull();
    expect(formatInstantInZone('not a date', 'America/Lima')).toBeNull();
  });
});
