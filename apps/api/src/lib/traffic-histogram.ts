/**
 * Response times as the traffic metrics keep them (issue 28 item 2): a count per fixed bucket
 * (upper bounds in ms, then one past the last), so minutes add up into 5-minute and hourly
 * roll-ups and any percentile is read from the sum, as Prometheus's histogram_quantile does.
 * The bounds include ingress-nginx's (Prometheus's defaults: 5 ms … 10 s), so its buckets map
 * one to one; finer ones below 5 ms place a fast application's median better.
 */
export const TRAFFIC_BOUNDS_MS = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

/** An empty histogram: one count per bound, and one for slower than the last bound. */
export const emptyBuckets = (): number[] => new Array<number>(TRAFFIC_BOUNDS_MS.length + 1).fill(0);

/** The index of the bucket a duration falls in (bounds are inclusive, as Prometheus's `le`). */
export function bucketOf(durationMs: number): number {
  const i = TRAFFIC_BOUNDS_MS.findIndex((bound) => durationMs <= bound);
  return i === -1 ? TRAFFIC_BOUNDS_MS.length : i;
}

/**
 * The quantile `q` (0–1) in ms, interpolated linearly inside its bucket; the last finite bound
 * when it falls among the slowest ones (nothing tells how slow they were). Null without counts.
 */
export function quantileMs(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((s, n) => s + n, 0);
  if (total <= 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < buckets.length; i++) {
    const n = buckets[i]!;
    if (n > 0 && below + n >= rank) {
      if (i >= TRAFFIC_BOUNDS_MS.length) return TRAFFIC_BOUNDS_MS[TRAFFIC_BOUNDS_MS.length - 1]!;
      const lower = i === 0 ? 0 : TRAFFIC_BOUNDS_MS[i - 1]!;
      const upper = TRAFFIC_BOUNDS_MS[i]!;
      return lower + (upper - lower) * ((rank - below) / n);
    }
    below += n;
  }
  return TRAFFIC_BOUNDS_MS[TRAFFIC_BOUNDS_MS.length - 1]!;
}

/**
 * Cumulative counts of another histogram (`le` in seconds, Prometheus's, +Inf included) as
 * counts per fixed bucket. A fixed bound between two of the source's takes the share a linear
 * spread inside that source bucket gives it; the source's own bounds map exactly.
 */
export function fromCumulative(source: { le: number; count: number }[]): number[] {
  const points = [...source].sort((a, b) => a.le - b.le);
  const inf = points.find((p) => p.le === Infinity)?.count ?? points.at(-1)?.count ?? 0;
  const cumulativeAt = (boundMs: number): number => {
    const seconds = boundMs / 1000;
    let lowerLe = 0;
    let lowerCount = 0;
    for (const p of points) {
      if (p.le === Infinity) break;
      if (Math.abs(p.le - seconds) < 1e-9) return p.count;
      if (p.le > seconds) {
        const share = (seconds - lowerLe) / (p.le - lowerLe);
        return lowerCount + (p.count - lowerCount) * share;
      }
      lowerLe = p.le;
      lowerCount = p.count;
    }
    return lowerCount;
  };
  const buckets = emptyBuckets();
  let previous = 0;
  TRAFFIC_BOUNDS_MS.forEach((bound, i) => {
    const at = Math.round(cumulativeAt(bound));
    buckets[i] = Math.max(0, at - previous);
    previous = Math.max(previous, at);
  });
  buckets[TRAFFIC_BOUNDS_MS.length] = Math.max(0, Math.round(inf) - previous);
  return buckets;
}

/** Element-wise sum (histograms of the same bounds). */
export const addBuckets = (a: readonly number[], b: readonly number[]): number[] =>
  a.map((n, i) => n + (b[i] ?? 0));
