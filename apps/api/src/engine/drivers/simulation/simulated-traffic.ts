import { createHash } from 'node:crypto';
import type { TrafficMinute, TrafficReading } from '../../driver';
import { TrafficTally } from '../../traffic-tally';

/**
 * Plausible traffic for the simulation runtime (issue 28 item 2), computed, never measured
 * (the card says so): per application a base rate and a typical response time drawn from its
 * id, a day/night swing, a few redirects, client errors and rare server errors. The same
 * application and minute always give the same numbers. The cursor is the last minute given.
 */

/** A number in [0, 1) fixed by the text (the same text, the same number). */
function unit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Numbers in [0, 1) drawn one after another from a seed fixed by the text (mulberry32): the
 * same text, the same sequence. One hash per application and minute rather than three per
 * simulated request (200 applications' traffic took 6 % of the platform's idle CPU).
 */
function sequence(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** At most this many past minutes are computed at once (a platform stopped for a day skips). */
const CATCH_UP_MINUTES = 10;

export function simulatedTrafficMinute(deploymentId: string, minuteMs: number): TrafficMinute[] {
  const base = 20 + Math.floor(unit(`${deploymentId}:rate`) * 100);
  const medianMs = 30 + unit(`${deploymentId}:latency`) * 120;
  const hour = new Date(minuteMs).getUTCHours() + new Date(minuteMs).getUTCMinutes() / 60;
  // Busiest in the (French) evening, quietest before dawn.
  const daily = 1 + 0.6 * Math.sin(((hour - 13) / 24) * 2 * Math.PI);
  const next = sequence(`${deploymentId}:${minuteMs}`);
  const noise = 0.75 + 0.5 * next();
  const requests = Math.max(1, Math.round(base * daily * noise));
  const tally = new TrafficTally();
  for (let i = 0; i < requests; i++) {
    const r = next();
    const status = r < 0.004 ? 502 : r < 0.035 ? 404 : r < 0.085 ? 302 : 200;
    // A log-normal spread around the median: most quick, a slow tail.
    const u = Math.max(1e-6, next());
    const v = next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    tally.request(deploymentId, minuteMs, status, medianMs * Math.exp(0.6 * normal));
  }
  return tally.result();
}

export function simulatedTraffic(input: {
  cursor: string | null;
  now: Date;
  running: string[];
}): TrafficReading {
  const lastDone = Math.floor(input.now.getTime() / 60_000) * 60_000 - 60_000;
  const previous = Number(input.cursor);
  const first =
    input.cursor && Number.isFinite(previous)
      ? Math.max(previous + 60_000, lastDone - (CATCH_UP_MINUTES - 1) * 60_000)
      : lastDone;
  const minutes: TrafficMinute[] = [];
  for (let at = first; at <= lastDone; at += 60_000)
    for (const id of input.running) minutes.push(...simulatedTrafficMinute(id, at));
  return {
    cursor: String(Math.max(lastDone, Number.isFinite(previous) ? previous : 0)),
    minutes,
    source: 'simulation',
    notice: null,
  };
}
