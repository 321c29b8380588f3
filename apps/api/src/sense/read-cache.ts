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
 * API, can go unseen here.
 */
export interface ReadCache {
  /** The answer kept for `key`, or `load()`'s, computed once however many ask at the same time. */
  get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything kept and everything being computed. */
  clear(): void;
  /** How many answers are kept now. */
  readonly size: number;
}

export interface ReadCacheOptions {
  /** How long an answer is kept at most (READ_CACHE_MS); 0 keeps nothing. @default 2000 */
  ttlMs?: number;
  /** The most answers kept; the least recently read go first. @default 500 */
  maxEntries?: number;
}

export const DEFAULT_READ_CACHE_MS = 2000;

export function createReadCache({ ttlMs = DEFAULT_READ_CACHE_MS, maxEntries = 500 }: ReadCacheOptions = {}): ReadCache {
  if (ttlMs <= 0) {
    return { get: (_key, load) => load(), clear: () => undefined, size: 0 };
  }
  const kept = new LRUCache<string, NonNullable<unknown>>({ max: maxEntries, ttl: ttlMs });
  const loading = new Map<string, Promise<NonNullable<unknown>>>();
  // Bumped by clear(): an answer whose computation began before a write is handed to those who
  // asked for it but never kept, since it may predate the write.
  let generation = 0;

  return {
    get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = kept.get(key);
      if (hit !== undefined) return Promise.resolve(hit as T);
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const startedIn = generation;
      const computing = load().then(
        (value) => {
          if (generation === startedIn) {
            kept.set(key, value);
            loading.delete(key);
          }
          return value;
        },
        (error: unknown) => {
          if (generation === startedIn) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, computing);
      return computing;
    },
    clear() {
      generation += 1;
      kept.clear();
      loading.clear();
    },
    get size() {
      return kept.size;
    },
  };
}
