import { describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { SessionCache } from './session-cache';

const caller = (userId: string, sessionFamily = `${userId}-f1`): Caller => ({
  userId,
  email: `${userId}@example.com`,
  role: 'user',
  sessionFamily,
});

describe('SessionCache', () => {
  it('serves a kept caller until its TTL, then forgets it', () => {
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 5_000, now: () => now });
    cache.set(caller('u1'), cache.currentGeneration);
    expect(cache.get('u1', 'u1-f1')).toMatchObject({ userId: 'u1', role: 'user' });
    expect(cache.get('u1', 'other-family')).toBeUndefined();
    now += 4_999;
    expect(cache.get('u1', 'u1-f1')).toBeDefined();
    now += 1;
    expect(cache.get('u1', 'u1-f1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops every session of one account and leaves the others', () => {
    const cache = new SessionCache();
    const g = cache.currentGeneration;
    cache.set(caller('u1', 'a'), g);
    cache.set(caller('u1', 'b'), g);
    cache.set(caller('u10', 'c'), g);
    cache.invalidateUser('u1');
    expect(cache.get('u1', 'a')).toBeUndefined();
    expect(cache.get('u1', 'b')).toBeUndefined();
    expect(cache.get('u10', 'c')).toBeDefined();
  });

  it('does not keep a lookup that started before an invalidation (it may have read the old state)', () => {
    const cache = new SessionCache();
    const before = cache.currentGeneration;
    cache.invalidateUser('u2');
    cache.set(caller('u1'), before);
    expect(cache.get('u1', 'u1-f1')).toBeUndefined();
    cache.set(caller('u1'), cache.currentGeneration);
    expect(cache.get('u1', 'u1-f1')).toBeDefined();
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const cache = new SessionCache({ maxEntries: 3 });
    const g = cache.currentGeneration;
    for (const id of ['a', 'b', 'c']) cache.set(caller(id), g);
    expect(cache.get('a', 'a-f1')).toBeDefined(); // a is now the most recent
    cache.set(caller('d'), g);
    expect(cache.size).toBe(3);
    expect(cache.get('b', 'b-f1')).toBeUndefined();
    for (const id of ['a', 'c', 'd']) expect(cache.get(id, `${id}-f1`)).toBeDefined();
  });

  it('while untrusted (LISTEN down) keeps and serves nothing, and starts empty when trusted again', () => {
    const cache = new SessionCache();
    cache.set(caller('u1'), cache.currentGeneration);
    cache.setTrusted(false);
    expect(cache.get('u1', 'u1-f1')).toBeUndefined();
    cache.set(caller('u1'), cache.currentGeneration);
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    expect(cache.get('u1', 'u1-f1')).toBeUndefined();
    cache.set(caller('u1'), cache.currentGeneration);
    expect(cache.get('u1', 'u1-f1')).toBeDefined();
  });

  it('hands out a frozen copy: a route cannot change what the next request sees', () => {
    const cache = new SessionCache();
    const original = caller('u1');
    cache.set(original, cache.currentGeneration);
    original.role = 'moderator';
    const kept = cache.get('u1', 'u1-f1')!;
    expect(kept.role).toBe('user');
    expect(Object.isFrozen(kept)).toBe(true);
  });
});
