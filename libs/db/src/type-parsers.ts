/** PostgreSQL type OIDs whose default JS mapping we override on both drivers. */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/**
 * int8 (bigint ids, counts) and numeric answer JS numbers on both drivers: `pg` returns strings
 * and PGlite returns BigInt past 2^53, which `JSON.stringify` refuses. Ids in this product stay
 * far below 2^53 (api.md: "Ids are numbers").
 */
export function parseNumber(value: string): number {
  return Number(value);
}
