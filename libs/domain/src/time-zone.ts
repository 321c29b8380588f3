/**
 * IANA time-zone names (issue 16): a country's `zonahoraria`, a fundo's, the console's display zone.
 * Shared by the API (it refuses a name the runtime does not know) and the console (its forms check
 * first, and every date a person reads is formatted in one).
 */

/** The shape the database keeps (pais_zonahoraria_check): `America/Lima`, `UTC`, `Etc/GMT+5`, never `+05:00`. */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical spelling of an IANA zone name (`america/lima` → `America/Lima`), or null when the
 * runtime's time-zone database does not know it. A try of Intl.DateTimeFormat rather than
 * Intl.supportedValuesOf('timeZone'), which leaves out `UTC` and the old aliases a zone may still
 * be called by (`America/Buenos_Aires`); offset zones (`+05:00`, accepted by newer engines) are
 * not place names and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!TIME_ZONE_SHAPE.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}
