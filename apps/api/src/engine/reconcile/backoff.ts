/** Retry delay after `attempts` consecutive failures to reach the runtime: 1 s, 2 s, 4 s … 60 s. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** How often an application is looked at again, by what it is doing. */
export const OBSERVE_EVERY_MS = {
  starting: 1000,
  // A running application is looked at twice a minute: often enough to see a crash soon, rarely
  // enough that hundreds of them cost the database little.
  running: 30_000,
  failed: 30_000,
} as const;
