import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpiringCache } from './expiring-cache';

afterEach(() => vi.useRealTimers());

describe('ExpiringCache', () => {
  it('answers a value until its expiry time, then no longer', () => {
    vi.useFakeTimers({ now: 1_000 });
    const cache = new ExpiringCache<string>(10);
    cache.set('a', 'Awa', 1_500);
    expect(cache.get('a')).toBe('Awa');
    vi.setSystemTime(1_500);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest entry first', () => {
    const cache = new ExpiringCache<number>(2);
    const later = Date.now() + 60_000;
    cache.set('a', 1, later);
    cache.set('b', 2, later);
    cache.set('a', 10, later); // replacing a key makes no room
    cache.set('c', 3, later);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});
