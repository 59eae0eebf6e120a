import { describe, expect, it } from 'vitest';
import {
  ANNUAL_SAVING_PERCENT,
  annualPriceXof,
  MONEY_BACK_GUARANTEE_DAYS,
  monthlyPriceXof,
  publicPlans,
} from './plans';

describe('public plans (SPEC §9)', () => {
  it('lists Découverte, Pro and Enterprise at their monthly prices, Pro most popular', () => {
    expect(publicPlans.map((p) => [p.name, p.monthlyPriceXof, p.mostPopular])).toEqual([
      ['Découverte', 12_500, false],
      ['Pro', 32_000, true],
      ['Enterprise', 65_000, false],
    ]);
    expect(ANNUAL_SAVING_PERCENT).toBe(20);
    expect(MONEY_BACK_GUARANTEE_DAYS).toBe(30);
  });

  it('charges the list price per month on monthly billing', () => {
    expect(publicPlans.map((p) => monthlyPriceXof(p, 'monthly'))).toEqual([12_500, 32_000, 65_000]);
  });

  it('takes 20 % off the monthly price on annual billing', () => {
    expect(publicPlans.map((p) => monthlyPriceXof(p, 'annual'))).toEqual([10_000, 25_600, 52_000]);
  });

  it('bills twelve discounted months a year', () => {
    expect(publicPlans.map(annualPriceXof)).toEqual([120_000, 307_200, 624_000]);
    // The saving is exactly 20 % of a year of monthly billing.
    for (const plan of publicPlans)
      expect(plan.monthlyPriceXof * 12 - annualPriceXof(plan)).toBe(plan.monthlyPriceXof * 2.4);
  });

  it('rounds a discounted price to the whole franc', () => {
    expect(monthlyPriceXof({ monthlyPriceXof: 999 }, 'annual')).toBe(799);
    expect(monthlyPriceXof({ monthlyPriceXof: 1_003 }, 'annual')).toBe(802);
  });
});
