import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadCache', () => {
  it('loads once per key until the entry expires', async () => {
    vi.useFakeTimers();
    const cache = new ReadCache(1000);
    const load = vi.fn(async () => 'v');
    expect(await cache.get('a', load)).toBe('v');
    expect(await cache.get('a', load)).toBe('v');
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('invalidate empties it', async () => {
    const cache = new ReadCache();
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('a', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep a value loaded while a write invalidated the cache', async () => {
    const cache = new ReadCache();
    let n = 0;
    const stale = await cache.get('a', async () => {
      cache.invalidate();
      return ++n;
    });
    expect(stale).toBe(1);
    expect(await cache.get('a', async () => ++n)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ReadCache(60_000, 2);
    const load = vi.fn(async () => 1);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('ReadCache under concurrent readers', () => {
  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  it('runs one load for the readers of one key that arrive while it runs', async () => {
    const cache = new ReadCache();
    const d = deferred<string>();
    const load = vi.fn(() => d.promise);
    const readers = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    const other = cache.get('b', async () => 'b');
    d.resolve('v');
    expect(await Promise.all(readers)).toEqual(['v', 'v', 'v']);
    expect(await other).toBe('b');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a reader after a write never joins a load that began before it', async () => {
    const cache = new ReadCache();
    const before = deferred<string>();
    const first = cache.get('a', () => before.promise);
    cache.invalidate();
    const second = cache.get('a', async () => 'after the write');
    before.resolve('before the write');
    expect(await first).toBe('before the write');
    expect(await second).toBe('after the write');
    // Neither the stale value nor a finished load is kept as shared.
    expect(await cache.get('a', async () => 'unexpected')).toBe('after the write');
  });

  it('a failed load fails its readers, and the next reader loads again', async () => {
    const cache = new ReadCache();
    const d = deferred<string>();
    const readers = [cache.get('a', () => d.promise), cache.get('a', () => d.promise)];
    d.reject(new Error('database down'));
    for (const r of await Promise.allSettled(readers)) expect(r.status).toBe('rejected');
    expect(await cache.get('a', async () => 'again')).toBe('again');
  });
});

describe('ReadCache while other processes cannot be heard', () => {
  it('loads every time when untrusted, and caches again once trusted', async () => {
    const cache = new ReadCache(60_000);
    const load = vi.fn(async () => 'v');
    await cache.get('a', load);
    const version = cache.currentVersion;
    cache.setTrusted(false);
    expect(cache.enabled).toBe(false);
    expect(cache.currentVersion).toBeGreaterThan(version);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.setTrusted(true);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
