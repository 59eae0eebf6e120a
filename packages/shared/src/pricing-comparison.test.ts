import { describe, expect, it } from 'vitest';
import { priceResources } from './pricing';
import {
  MAX_SAVINGS,
  REFERENCE_MIX,
  compareWithCompetitors,
  resourcesForMonthlyPrice,
} from './pricing-comparison';
import { competitorRates, USD_TO_XOF, type CompetitorRate } from './pricing-competitors';

/** A made-up competitor billing only vCPUs, in euros (1 EUR = 655.957 XOF). */
const perVcpuInEur = (id: string, perVcpuMonth: number): CompetitorRate => ({
  id,
  name: id,
  product: 'test',
  currency: 'EUR',
  perVcpuMonth,
  perGbRamMonth: 0,
  perGbStorageMonth: 0,
  sources: ['https://exemple.test/prix'],
  readOn: '2026-11-21',
  notes: '',
});

// 1 core, 1 GB, 1 GB at NuageDeploy: 20 + 8 + 0.3 = 28.3; fee 2.83 → 31.13 base = 20 390.15 XOF
const oneOfEach = { cpu: 1, ram: 1, storage: 1, replicas: 1 };

describe('competitor comparison', () => {
  it('lists at most 2 positive savings, largest first, and never a cheaper competitor', () => {
    const table = [
      perVcpuInEur('E', 40), // 26 238.28 XOF → saving 5 848.13
      perVcpuInEur('B', 50), // 32 797.85 → 12 407.7
      perVcpuInEur('D', 1), // cheaper than us
      perVcpuInEur('A', 100), // 65 595.7 → 45 205.55
      perVcpuInEur('C', 30), // 19 678.71 → −711.44
    ];
    const result = compareWithCompetitors({
      monthlyBase: priceResources(oneOfEach).monthly,
      resources: oneOfEach,
      table,
    });
    expect(result.monthly_price).toBe(20390);
    expect(result.savings).toEqual([
      {
        competitor: 'A',
        competitor_id: 'A',
        monthly_saving: 45206,
        yearly_saving: 542467,
        competitor_monthly_price: 65596,
      },
      {
        competitor: 'B',
        competitor_id: 'B',
        monthly_saving: 12408,
        yearly_saving: 148892,
        competitor_monthly_price: 32798,
      },
    ]);
    expect(result.savings).toHaveLength(MAX_SAVINGS);
    // Every competitor is still quoted, savings or not.
    expect(result.competitors.map((c) => c.id)).toEqual(['E', 'B', 'D', 'A', 'C']);
  });

  it('answers an empty list when every competitor is cheaper', () => {
    const result = compareWithCompetitors({
      monthlyBase: priceResources(oneOfEach).monthly,
      resources: oneOfEach,
      table: [perVcpuInEur('C', 30), perVcpuInEur('D', 1)],
    });
    expect(result.savings).toEqual([]);
  });

  it('prices the real table by hand for a CPU-heavy application (2 cores, 1 GB, 10 GB)', () => {
    const r = { cpu: 2, ram: 1, storage: 10, replicas: 1 };
    // Ours: 40 + 8 + 3 = 51; fee 5.1 → 56.1 base = 36 745.5 XOF
    const result = compareWithCompetitors({ monthlyBase: priceResources(r).monthly, resources: r });
    const byId = Object.fromEntries(result.competitors.map((c) => [c.id, c]));
    // Fargate: 2 × 29.5504 + 3.24485 + 10 × 0.08 = 63.14565 USD × 560 = 35 361.56 XOF (cheaper)
    expect(byId['aws-fargate']!.monthly_price_in_currency).toBe(63.15);
    expect(byId['aws-fargate']!.monthly_price).toBe(35362);
    // Cloud Run: 2 × 47.304 + 5.256 + 10 × 0.02 = 100.064 USD × 560 = 56 035.84 XOF
    expect(byId['google-cloud-run']!.monthly_price).toBe(56036);
    expect(result.savings).toEqual([
      {
        competitor: 'Google Cloud Run',
        competitor_id: 'google-cloud-run',
        monthly_saving: 19290, // 56 035.84 − 36 745.5 = 19 290.34
        yearly_saving: 231484, // × 12 = 231 484.08
        competitor_monthly_price: 56036,
      },
    ]);
    expect(result.basis).toEqual({ ...r, inferred: false });
  });

  it('multiplies competitors’ cpu and ram by replicas but not storage, like our model', () => {
    const one = compareWithCompetitors({
      monthlyBase: 1,
      resources: { cpu: 1, ram: 1, storage: 100, replicas: 1 },
    });
    const three = compareWithCompetitors({
      monthlyBase: 1,
      resources: { cpu: 1, ram: 1, storage: 100, replicas: 3 },
    });
    const fargate = (c: typeof one) =>
      c.competitors.find((q) => q.id === 'aws-fargate')!.monthly_price_in_currency;
    // 29.5504 + 3.24485 + 8 = 40.80 ; 3 × 32.79525 + 8 = 106.39
    expect(fargate(one)).toBe(40.8);
    expect(fargate(three)).toBe(106.39);
  });

  it('infers the wizard’s default mix from a price alone (17 292 XOF = 0.5 core, 1 GB, 20 GB)', () => {
    const result = compareWithCompetitors({ monthlyBase: 17292 / 655 });
    expect(result.basis).toEqual({ ...REFERENCE_MIX, inferred: true });
    const byId = Object.fromEntries(result.competitors.map((c) => [c.id, c.monthly_price]));
    expect(byId).toEqual({ 'aws-fargate': 10987, 'google-cloud-run': 16412 }); // 19.62005 / 29.308 USD
    expect(result.savings).toEqual([]);
  });

  it('inverts the model: the inferred resources cost exactly the given price', () => {
    for (const monthly of [26.4, 11, 10.5, 2, 349.8, 18634]) {
      expect(priceResources(resourcesForMonthlyPrice(monthly)).monthly).toBeCloseTo(monthly, 6);
    }
    expect(resourcesForMonthlyPrice(26.4)).toEqual(REFERENCE_MIX);
    expect(resourcesForMonthlyPrice(0.5).cpu).toBe(0); // below the fee minimum nothing is left
  });
});

describe('competitor table', () => {
  it('holds at least two competitors, each naming its public price pages and the date read', () => {
    expect(competitorRates.length).toBeGreaterThanOrEqual(2);
    for (const row of competitorRates) {
      expect(row.sources.length).toBeGreaterThan(0);
      for (const url of row.sources) expect(url).toMatch(/^https:\/\/[a-z.]+\/.+/);
      expect(row.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.perVcpuMonth).toBeGreaterThan(0);
      expect(row.perGbRamMonth).toBeGreaterThan(0);
      expect(row.perGbStorageMonth).toBeGreaterThan(0);
    }
  });

  it('converts hourly and per-second list prices over a 730-hour month', () => {
    const fargate = competitorRates.find((r) => r.id === 'aws-fargate')!;
    expect(fargate.perVcpuMonth).toBeCloseTo(29.5504, 9);
    expect(fargate.perGbRamMonth).toBeCloseTo(3.24485, 9);
    const run = competitorRates.find((r) => r.id === 'google-cloud-run')!;
    expect(run.perVcpuMonth).toBeCloseTo(47.304, 9);
    expect(run.perGbRamMonth).toBeCloseTo(5.256, 9);
    expect(USD_TO_XOF).toBe(560);
  });
});
