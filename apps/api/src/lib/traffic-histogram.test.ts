import { describe, expect, it } from 'vitest';
import {
  TRAFFIC_BOUNDS_MS,
  addBuckets,
  bucketOf,
  emptyBuckets,
  fromCumulative,
  quantileMs,
} from './traffic-histogram';

const at = (pairs: [number, number][]) => {
  const b = emptyBuckets();
  for (const [i, n] of pairs) b[i] = n;
  return b;
};

describe('response-time histograms', () => {
  it('puts a duration in the first bucket whose bound it does not pass', () => {
    expect(bucketOf(0.3)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(42)).toBe(TRAFFIC_BOUNDS_MS.indexOf(50));
    expect(bucketOf(60_000)).toBe(TRAFFIC_BOUNDS_MS.length);
  });

  it('reads percentiles as histogram_quantile does: linear inside the bucket', () => {
    // 100 responses: 50 in 10–25 ms, 50 in 100–250 ms.
    const b = at([
      [4, 50],
      [7, 50],
    ]);
    expect(quantileMs(b, 0.5)).toBe(25);
    expect(quantileMs(b, 0.25)).toBe(17.5);
    expect(quantileMs(b, 0.95)).toBe(235);
    expect(quantileMs(emptyBuckets(), 0.5)).toBeNull();
    // Slower than the last bound: that bound is all that can be said.
    expect(quantileMs(at([[TRAFFIC_BOUNDS_MS.length, 3]]), 0.5)).toBe(10_000);
  });

  it('maps Prometheus’s default buckets one to one and spreads the first over the finer bounds', () => {
    const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, Infinity];
    const cumulative = [10, 20, 20, 20, 20, 20, 30, 30, 30, 30, 30, 32];
    const b = fromCumulative(seconds.map((le, i) => ({ le, count: cumulative[i]! })));
    expect(b.reduce((s, n) => s + n, 0)).toBe(32);
    // 10 responses under 5 ms spread over 0–1, 1–2.5 and 2.5–5 ms: 2, 3 and 5.
    expect(b.slice(0, 3)).toEqual([2, 3, 5]);
    expect(b[TRAFFIC_BOUNDS_MS.indexOf(10)]).toBe(10);
    expect(b[TRAFFIC_BOUNDS_MS.indexOf(500)]).toBe(10);
    expect(b[TRAFFIC_BOUNDS_MS.length]).toBe(2);
  });

  it('adds histograms bucket by bucket', () => {
    expect(
      addBuckets(
        at([[1, 2]]),
        at([
          [1, 3],
          [2, 1],
        ]),
      ).slice(0, 3),
    ).toEqual([0, 5, 1]);
  });
});
