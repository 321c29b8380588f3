/**
 * What the console's page and its service worker (apps/console sw/sw.ts) must agree on about the API
 * answers the worker keeps for a signal-less reload (issue 30, item 2): each side reads them here.
 */

/** Every cache of API answers the worker fills starts with this (`camposense-api-lists`, `-live`). */
export const KEPT_CACHE_PREFIX = 'camposense-api-';

/** What the page posts to the worker at sign-out: forget every kept answer, and the reads in flight. */
export const FORGET_KEPT_MESSAGE = 'camposense:forget-kept';

/** Set by the worker on a kept answer: `fallback` (the network failed) or `stale` (shown while a fresh one is fetched). */
export const KEPT_SERVED_HEADER = 'x-camposense-cache';

/** Set by the worker on a kept answer: when the server gave it (its Date header). */
export const KEPT_STORED_AT_HEADER = 'x-camposense-stored-at';
