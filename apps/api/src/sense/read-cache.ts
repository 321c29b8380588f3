import { LRUCache } from 'lru-cache';

/**
 * The reads every open console repeats (the hierarchy lists, the node list with its latest values,
 * a location's chart, a page of a report or of a parameters table) answer the same until something
 * is written, so one instance computes each once and serves it from memory until then (issue 17,
 * "per-request work that can be done once"). Callers key what differs by viewer.
 *
 * What forgets: every write this instance answers (cleared before its answer is sent, so a client
 * reads its own writes), every live event of any instance (readings, alerts, episodes,
 * acknowledgements, messages: PostgreSQL's NOTIFY carries them between instances), and age
 * (`ttlMs`), which bounds how long another instance's parameter edit, or a write made outside the
 * API, can go unseen here. Readings arrive every second on a busy farm and change only what is made
 * of them: a batch forgets the answers that follow its nodes' readings (see ReadingsFollowed), not
 * the lists, so those are not recomputed under every batch.
 */
export interface ReadCache {
  /**
   * The answer kept for `key`, or `load()`'s, computed once however many ask at the same time.
   * `follows` says which readings it is made of; by default all of them, so only an answer known
   * not to change with readings outlives a batch.
   */
  get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>, follows?: ReadingsFollowed): Promise<T>;
  /** Like get, for an answer that learns which readings it follows while it is computed. */
  getFollowing<T extends NonNullable<unknown>>(key: string, load: () => Promise<{ value: T; follows: ReadingsFollowed }>): Promise<T>;
  /** Forgets everything kept and everything being computed. */
  clear(): void;
  /** Forgets what follows the readings of these nodes (a committed batch of theirs). */
  forgetReadingsOf(nodes: readonly number[]): void;
  /** How many answers are kept now. */
  readonly size: number;
}

/**
 * Which readings an answer is made of: none (a hierarchy list), every node's (the node list), or
 * the readings of some nodes (a location's chart: the nodes placed there).
 */
export type ReadingsFollowed = 'none' | 'all' | { nodes: ReadonlySet<number> };

export interface ReadCacheOptions {
  /** How long an answer is kept at most (READ_CACHE_MS); 0 keeps nothing. @default 2000 */
  ttlMs?: number;
  /** The most answers kept; the least recently read go first. @default 500 */
  maxEntries?: number;
}

export const DEFAULT_READ_CACHE_MS = 2000;

interface Kept {
  value: NonNullable<unknown>;
  follows: ReadingsFollowed;
}

interface Loading {
  promise: Promise<NonNullable<unknown>>;
  follows: ReadingsFollowed;
}

function followsAny(follows: ReadingsFollowed, nodes: ReadonlySet<number>): boolean {
  if (follows === 'none') return false;
  if (follows === 'all') return true;
  for (const node of follows.nodes) if (nodes.has(node)) return true;
  return false;
}

export function createReadCache({ ttlMs = DEFAULT_READ_CACHE_MS, maxEntries = 500 }: ReadCacheOptions = {}): ReadCache {
  if (ttlMs <= 0) {
    return {
      get: (_key, load) => load(),
      getFollowing: async (_key, load) => (await load()).value,
      clear: () => undefined,
      forgetReadingsOf: () => undefined,
      size: 0,
    };
  }
  const kept = new LRUCache<string, Kept>({ max: maxEntries, ttl: ttlMs });
  // A computation is kept when it ends only if it is still the one in this map: a clear or a batch
  // of its readings removes it, since its answer may predate that write.
  const loading = new Map<string, Loading>();

  /** `following`: what the answer follows while it is computed (all readings when not known yet). */
  function getFollowing<T extends NonNullable<unknown>>(
    key: string,
    load: () => Promise<{ value: T; follows: ReadingsFollowed }>,
    following: ReadingsFollowed = 'all',
  ): Promise<T> {
    const hit = kept.get(key);
    if (hit !== undefined) return Promise.resolve(hit.value as T);
    const pending = loading.get(key);
    if (pending) return pending.promise as Promise<T>;
    const computation: Loading = {
      follows: following,
      promise: load().then(
        ({ value, follows }) => {
          if (loading.get(key) === computation) {
            loading.delete(key);
            kept.set(key, { value, follows });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === computation) loading.delete(key);
          throw error;
        },
      ),
    };
    loading.set(key, computation);
    return computation.promise as Promise<T>;
  }

  return {
    get: (key, load, follows = 'all') => getFollowing(key, async () => ({ value: await load(), follows }), follows),
    getFollowing: (key, load) => getFollowing(key, load),
    clear() {
      kept.clear();
      loading.clear();
    },
    forgetReadingsOf(nodes) {
      const touched = new Set(nodes);
      for (const [key, entry] of [...kept.entries()]) if (followsAny(entry.follows, touched)) kept.delete(key);
      for (const [key, entry] of [...loading]) if (followsAny(entry.follows, touched)) loading.delete(key);
    },
    get size() {
      return kept.size;
    },
  };
}
