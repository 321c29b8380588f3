import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

/** A load whose answer the test hands over when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('createReadCache', () => {
  it('computes an answer once and serves it again until cleared', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ version: (loads += 1) });
    expect(await cache.get('k', load)).toEqual({ version: 1 });
    expect(await cache.get('k', load)).toEqual({ version: 1 });
    expect(await cache.get('other', load)).toEqual({ version: 2 });
    cache.clear();
    expect(await cache.get('k', load)).toEqual({ version: 3 });
  });

  it('shares one computation among callers asking at the same time', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const answer = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return answer.promise;
    };
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    answer.resolve('rows');
    expect(await Promise.all([first, second])).toEqual(['rows', 'rows']);
    expect(loads).toBe(1);
  });

  it('never keeps an answer whose computation began before a clear (it may predate a write)', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const stale = deferred<string>();
    const before = cache.get('k', () => stale.promise);
    cache.clear();
    // Asked after the write: computed afresh, not joined to the computation in flight.
    const after = cache.get('k', async () => 'fresh');
    stale.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await cache.get('k', async () => 'again')).toBe('fresh');
  });

  it("forgets on a batch of readings only what follows those nodes' readings", async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => (loads += 1);
    await cache.get('list', load, 'none');
    await cache.get('node list', load, 'all');
    await cache.get('unsaid', load);
    await cache.get('chart of 1 and 2', load, { nodes: new Set([1, 2]) });
    await cache.get('chart of 3', load, { nodes: new Set([3]) });
    cache.forgetReadingsOf([2]);
    expect(await cache.get('list', load, 'none')).toBe(1);
    expect(await cache.get('chart of 3', load, { nodes: new Set([3]) })).toBe(5);
    expect(await cache.get('node list', load, 'all')).toBe(6);
    expect(await cache.get('unsaid', load)).toBe(7);
    expect(await cache.get('chart of 1 and 2', load, { nodes: new Set([1, 2]) })).toBe(8);
    cache.clear();
    expect(await cache.get('list', load, 'none')).toBe(9);
  });

  it('never keeps an answer computed while a batch of its readings arrived, even before it knew which it follows', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const stale = deferred<{ value: string; follows: { nodes: Set<number> } }>();
    const before = cache.getFollowing('chart', () => stale.promise);
    cache.forgetReadingsOf([7]);
    stale.resolve({ value: 'stale', follows: { nodes: new Set([7]) } });
    expect(await before).toBe('stale');
    expect(await cache.getFollowing('chart', async () => ({ value: 'fresh', follows: { nodes: new Set([7]) } }))).toBe('fresh');
    // A list computed across the same kind of batch is kept: it follows no reading.
    const list = deferred<string>();
    const listed = cache.get('list', () => list.promise, 'none');
    cache.forgetReadingsOf([7]);
    list.resolve('rows');
    expect(await listed).toBe('rows');
    expect(await cache.get('list', async () => 'again', 'none')).toBe('rows');
  });

  it('forgets a failed computation so the next caller tries again', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('forgets an answer older than its time to live', async () => {
    const cache = createReadCache({ ttlMs: 20 });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps nothing with a time to live of 0', async () => {
    const cache = createReadCache({ ttlMs: 0 });
    expect(await cache.get('k', async () => 'a')).toBe('a');
    expect(await cache.get('k', async () => 'b')).toBe('b');
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries answers, dropping the least recently read', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('a', async () => 1);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 10)).toBe(1);
    expect(await cache.get('b', async () => 20)).toBe(20);
  });
});
