import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { formatZoneName } from './time-zone';

describe('formatZoneName', () => {
  it('names the zone with its offset at the instant, daylight saving included', () => {
    expect(formatZoneName('America/Lima', new Date('2026-11-01T12:00:00Z'))).toBe('America/Lima (GMT-5)');
    expect(formatZoneName('America/Santiago', new Date('2026-11-01T12:00:00Z'))).toBe('America/Santiago (GMT-3)');
    expect(formatZoneName('America/Santiago', new Date('2026-07-01T12:00:00Z'))).toBe('America/Santiago (GMT-4)');
    expect(formatZoneName('UTC')).toBe('UTC');
  });
});

describe('formatDateTime in a display zone', () => {
  it('shows the same instant as the farm’s clock reads it', () => {
    expect(formatDateTime('2026-11-01T12:00:00Z', 'es', { timeZone: 'America/Lima' })).toBe('01/11/2026, 07:00');
    expect(formatDateTime('2026-11-01T12:00:00Z', 'es', { timeZone: 'America/Santiago' })).toBe('01/11/2026, 09:00');
    expect(formatDateTime('2026-11-01T12:00:00Z', 'en', { timeZone: 'Europe/Madrid' })).toBe('11/01/2026, 13:00');
  });
});
