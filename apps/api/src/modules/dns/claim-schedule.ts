import { DOMAIN_CLAIM_PENDING_DAYS } from '@nuage/shared/dns-help';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a pending claim is withdrawn unless proved by then. */
export function claimExpiresAt(claimedAt: Date): Date {
  return new Date(claimedAt.getTime() + DOMAIN_CLAIM_PENDING_DAYS * DAY);
}

/**
 * How long the background check waits before looking for a pending claim's proof again: often
 * while the claim is young (its owner is most likely publishing the record right now), then
 * hourly, then a few times a day; each delay is spread by ±20 % so claims made together are
 * not all looked up together. Low frequency on purpose: the owner who just published the
 * record can also press « Vérifier le DNS ».
 */
export function nextCheckDelayMs(claimAgeMs: number, random: () => number = Math.random): number {
  const base = claimAgeMs < HOUR ? 10 * MINUTE : claimAgeMs < DAY ? HOUR : 6 * HOUR;
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function nextCheckAt(claimedAt: Date, now: Date, random?: () => number): Date {
  return new Date(now.getTime() + nextCheckDelayMs(now.getTime() - claimedAt.getTime(), random));
}

export const firstCheckAt = (now: Date, random?: () => number) => nextCheckAt(now, now, random);
