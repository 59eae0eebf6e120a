import { bucketOf, emptyBuckets } from '../lib/traffic-histogram';
import type { TrafficMinute } from './driver';

/** Adds requests up per application and minute (the shape TrafficReading hands over). */
export class TrafficTally {
  private readonly minutes = new Map<string, TrafficMinute>();

  private minute(deploymentId: string, atMs: number): TrafficMinute {
    const at = Math.floor(atMs / 60_000) * 60_000;
    const key = `${deploymentId}@${at}`;
    let m = this.minutes.get(key);
    if (!m) {
      m = {
        deploymentId,
        at,
        requests: 0,
        status2xx: 0,
        status3xx: 0,
        status4xx: 0,
        status5xx: 0,
        buckets: emptyBuckets(),
      };
      this.minutes.set(key, m);
    }
    return m;
  }

  /** One request: its status code and how long it took. */
  request(deploymentId: string, atMs: number, status: number, durationMs: number): void {
    const m = this.minute(deploymentId, atMs);
    this.count(m, status, 1);
    m.buckets[bucketOf(durationMs)]! += 1;
  }

  /** Requests counted elsewhere (a counter's increase): `n` of one status code. */
  statusCount(deploymentId: string, atMs: number, status: number, n: number): void {
    this.count(this.minute(deploymentId, atMs), status, n);
  }

  /** Response times counted elsewhere (a histogram's increase), per fixed bucket. */
  durations(deploymentId: string, atMs: number, buckets: readonly number[]): void {
    const m = this.minute(deploymentId, atMs);
    buckets.forEach((n, i) => (m.buckets[i]! += n));
  }

  private count(m: TrafficMinute, status: number, n: number) {
    m.requests += n;
    const cls = Math.floor(status / 100);
    if (cls === 2) m.status2xx += n;
    else if (cls === 3) m.status3xx += n;
    else if (cls === 4) m.status4xx += n;
    else if (cls === 5) m.status5xx += n;
  }

  result(): TrafficMinute[] {
    return [...this.minutes.values()].filter((m) => m.requests > 0 || m.buckets.some((n) => n));
  }
}
