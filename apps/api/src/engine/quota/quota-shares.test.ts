import { describe, expect, it } from 'vitest';
import { quotaShares, redistributionSteps, type Quantities } from './quota-shares';

const q = (cpuMilli: number, ramMb: number, storageMb: number): Quantities => ({
  cpuMilli,
  ramMb,
  storageMb,
});
const sum = (list: Quantities[]) =>
  list.reduce(
    (s, x) => q(s.cpuMilli + x.cpuMilli, s.ramMb + x.ramMb, s.storageMb + x.storageMb),
    q(0, 0, 0),
  );

describe('quotaShares', () => {
  it('gives each environment its reservation plus an equal part of what is left', () => {
    const shares = quotaShares(q(4000, 8000, 100_000), [
      q(1000, 2000, 20_000),
      q(0, 0, 0),
      q(500, 0, 0),
    ]);
    expect(shares).toEqual([q(1833, 4000, 46_666), q(833, 2000, 26_666), q(1333, 2000, 26_666)]);
    expect(sum(shares).cpuMilli).toBeLessThanOrEqual(4000);
  });

  it('stays within the project quota when more is reserved than it allows (the quota was lowered)', () => {
    const shares = quotaShares(q(1000, 1000, 1000), [q(1500, 500, 0), q(500, 500, 2000)]);
    const total = sum(shares);
    expect(total.cpuMilli).toBeLessThanOrEqual(1000);
    expect(total.storageMb).toBeLessThanOrEqual(1000);
    expect(shares[0]!.cpuMilli).toBeGreaterThan(shares[1]!.cpuMilli);
  });
});

describe('redistributionSteps', () => {
  it('lowers first (per dimension), then reaches the targets; a missing quota starts at zero', () => {
    const [lowered, final] = redistributionSteps(
      [q(3000, 1000, 10), q(1000, 3000, 10), null],
      [q(1000, 3000, 10), q(3000, 1000, 10), q(5, 5, 5)],
    );
    expect(lowered).toEqual([q(1000, 1000, 10), q(1000, 1000, 10), q(0, 0, 0)]);
    expect(final).toEqual([q(1000, 3000, 10), q(3000, 1000, 10), q(5, 5, 5)]);
  });
});
