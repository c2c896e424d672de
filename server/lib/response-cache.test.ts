import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './cache';
import { ResponseCache } from './response-cache';

afterEach(() => {
  vi.useRealTimers();
});

/** A cache of 10 answers (2 on probation, 8 in the main area). */
function cacheOf10() {
  const reads = new ReadCache();
  const cache = new ResponseCache(reads, 30_000, 10);
  const keep = (key: string) => cache.store(key, `{"key":"${key}"}`, cache.version);
  return { reads, cache, keep };
}

describe('ResponseCache', () => {
  it('keys asked for once only churn the probation area', () => {
    const { cache, keep } = cacheOf10();
    keep('hot');
    expect(cache.get('hot')).not.toBeNull(); // asked again: into the main area
    for (let i = 0; i < 1000; i++) keep(`once-${i}`);
    expect(cache.get('hot')).not.toBeNull();
    expect(cache.size).toBe(3);
  });

  it('keys asked for twice each push out only answers asked for less, never a hotter page', () => {
    const { cache, keep } = cacheOf10();
    keep('hot');
    for (let i = 0; i < 5; i++) cache.get('hot');
    for (let i = 0; i < 100; i++) {
      keep(`twice-${i}`);
      cache.get(`twice-${i}`);
    }
    expect(cache.get('hot')).not.toBeNull();
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('a write empties both areas; an answer built before it is not kept', () => {
    const { reads, cache, keep } = cacheOf10();
    keep('a');
    cache.get('a');
    keep('b');
    const before = cache.version;
    reads.invalidate();
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    cache.store('c', '{}', before);
    expect(cache.get('c')).toBeNull();
  });

  it('an answer is gone after 30 s, however often it was asked for', () => {
    vi.useFakeTimers();
    const { cache, keep } = cacheOf10();
    keep('old');
    for (let i = 0; i < 5; i++) cache.get('old');
    vi.advanceTimersByTime(30_001);
    expect(cache.get('old')).toBeNull();
  });

  it('compresses an answer only in the encodings asked for: quickly the first time, small once asked for again, then kept', () => {
    const { keep } = cacheOf10();
    const answer = keep('big');
    expect(answer.compressible).toBe(false);
    // Text like a feed page's: repeated keys and words, varied values.
    const body = JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({
        id: i,
        story: `Report ${i}: better sleep from week ${i % 7}`,
        rating: (i * 37) % 10,
      })),
    );
    const big = new ResponseCache(new ReadCache()).store('k', body, 0);
    expect(big.compressible).toBe(true);
    for (const [encoding, decompress] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const first = big.bytes(encoding);
      const again = big.bytes(encoding);
      expect(again.length).toBeLessThan(first.length);
      expect(big.bytes(encoding)).toBe(again);
      expect(decompress(first).toString()).toBe(body);
      expect(decompress(again).toString()).toBe(body);
    }
  });
});
