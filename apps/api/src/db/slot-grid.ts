import { sql } from 'drizzle-orm';

/**
 * The first start of an interval after `now`, intervals counted from the epoch: the slot grid
 * the periodic monitors (metrics samples, uptime checks) share, so that one pass handles every
 * row due at once rather than a few rows every few seconds.
 */
export function nextSlotOnGrid(opts: { now: Date; intervalMs: number }) {
  const step = sql`(${opts.intervalMs}::double precision * interval '1 millisecond')`;
  return sql`date_bin(${step}, ${opts.now}::timestamptz, timestamptz '1970-01-01 00:00:00+00') + ${step}`;
}
