import { describe, expect, it } from 'vitest';
import { addCalendarDays, canonicalTimeZone, dayInZone, formatInstantInZone, isTimeZone, zonedDayStart } from './time-zone';

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

describe('zonedDayStart', () => {
  it('starts a day at the display zone’s midnight, not the machine’s', () => {
    expect(zonedDayStart('2026-11-01', 'America/Lima').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(zonedDayStart('2026-11-01', 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(zonedDayStart('2026-11-01', 'Asia/Tokyo').toISOString()).toBe('2026-10-31T15:00:00.000Z');
  });

  it('follows Santiago’s summer time on either side of its changes', () => {
    // Winter (GMT-4) and summer (GMT-3).
    expect(zonedDayStart('2026-07-15', 'America/Santiago').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(zonedDayStart('2026-12-15', 'America/Santiago').toISOString()).toBe('2026-12-15T03:00:00.000Z');
    // Sunday 5 April 2026: at Saturday's 24:00 clocks go back to 23:00, so Sunday starts at GMT-4's midnight.
    expect(zonedDayStart('2026-04-04', 'America/Santiago').toISOString()).toBe('2026-04-04T03:00:00.000Z');
    expect(zonedDayStart('2026-04-05', 'America/Santiago').toISOString()).toBe('2026-04-05T04:00:00.000Z');
    // Sunday 6 September 2026: midnight does not happen (23:59:59 → 01:00), the day starts at the change.
    expect(zonedDayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(zonedDayStart('2026-09-07', 'America/Santiago').toISOString()).toBe('2026-09-07T03:00:00.000Z');
    expect(dayInZone(new Date('2026-09-06T03:59:59.000Z'), 'America/Santiago')).toBe('2026-09-05');
  });
});

describe('dayInZone and addCalendarDays', () => {
  it('reads the day an instant falls on in the zone', () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(dayInZone(instant, 'UTC')).toBe('2026-11-21');
    expect(dayInZone(instant, 'America/Lima')).toBe('2026-11-20');
  });

  it('counts calendar days across month, year and leap-day ends', () => {
    expect(addCalendarDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
  });
});
