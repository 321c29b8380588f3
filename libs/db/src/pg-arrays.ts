/*
 * Array literals for `unnest(${literal}::type[])`: one parameter per column instead of one per
 * value, so a statement of 10,000 rows has a handful of parameters (PostgreSQL allows 65,535) and
 * the database parses one array per column rather than 10,000 tuples.
 */

/** `{1,2.5,3}`: numbers as PostgreSQL reads them. */
export function numberArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** `{"a","b \"c\"",NULL}`: every value quoted and escaped; null is SQL NULL. */
export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}
