import { DOMAIN_CLAIM_PENDING_DAYS } from '@nuage/shared/dns-help';
import { describe, expect, it } from 'vitest';
import { claimExpiresAt, nextCheckDelayMs } from './claim-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('when a pending claim is looked at again', () => {
  it.each([
    ['a young claim', 5 * MINUTE, 10 * MINUTE],
    ['a claim of a few hours', 3 * HOUR, HOUR],
    ['a claim of several days', 3 * DAY, 6 * HOUR],
  ])('%s: its base delay, spread by ±20 %%', (_, age, base) => {
    expect(nextCheckDelayMs(age, () => 0)).toBe(base * 0.8);
    expect(nextCheckDelayMs(age, () => 0.5)).toBe(base);
    expect(nextCheckDelayMs(age, () => 1)).toBe(base * 1.2);
  });

  it('withdraws a claim DOMAIN_CLAIM_PENDING_DAYS after it was made', () => {
    const at = new Date('2025-03-01T10:00:00Z');
    expect(DOMAIN_CLAIM_PENDING_DAYS).toBe(7);
    expect(claimExpiresAt(at).toISOString()).toBe('2025-03-08T10:00:00.000Z');
  });
});
