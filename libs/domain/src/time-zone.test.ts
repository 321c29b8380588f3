import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isTimeZone } from './time-zone';

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
