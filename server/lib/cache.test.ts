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
