/**
 * An SWR key of the console: a tuple whose leading elements name the resource (`['series', query]`,
 * `['tables', 'umbral', 'rows', params]`). Every tuple is built in its resource's `keys.ts`.
 */
export type QueryKey = readonly unknown[];

/**
 * Whether `key` starts with the elements of `prefix`: how a write or a live event names what it
 * makes stale (`mutate(keyStartsWith(['tables', 'umbral']))`). SWR 2 hands a filter the key as the
 * hook gave it (the tuple), or undefined for an entry no hook named; anything but a tuple is no match.
 */
export function keyStartsWith(prefix: QueryKey): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && key.length >= prefix.length && prefix.every((part, index) => Object.is(key[index], part));
}

/** Whether `key` matches any of the prefixes. */
export function keyStartsWithAny(prefixes: readonly QueryKey[]): (key: unknown) => boolean {
  const matchers = prefixes.map(keyStartsWith);
  return (key) => matchers.some((matches) => matches(key));
}
