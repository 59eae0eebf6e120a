import { serverDetails } from '@nuage/shared/messages';
import { pricingMessages as m } from '@nuage/shared/pricing-schemas';
import type { PriceCalculation } from '@nuage/shared/pricing-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const URL = '/api/v1/pricing/calculate';
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createVerifiedUser(t);
});
afterAll(() => t.close());

async function calculate(body: unknown, query = '') {
  return call(t, 'POST', `${URL}${query}`, { token: user.token, body });
}

async function priced(body: unknown, query = '') {
  const res = await calculate(body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PriceCalculation>();
}

describe('POST /pricing/calculate', () => {
  it('answers 401 without a token or with a forged one', async () => {
    const body = { cpu: 1, ram: 1, storage: 1 };
    expectDetail(await call(t, 'POST', URL, { body }), 401, serverDetails.notAuthenticated);
    expectDetail(
      await call(t, 'POST', URL, { body, token: 'faux.jeton' }),
      401,
      serverDetails.sessionInvalid,
    );
  });

  it.each([
    [
      'cpu below 0.1',
      { cpu: 0.09, ram: 1, storage: 20 },
      'cpu',
      'Le CPU doit être compris entre 0,1 et 32 cores',
    ],
    [
      'cpu above 32',
      { cpu: 32.5, ram: 1, storage: 20 },
      'cpu',
      'Le CPU doit être compris entre 0,1 et 32 cores',
    ],
    [
      'ram below 0.5',
      { cpu: 1, ram: 0.4, storage: 20 },
      'ram',
      'La RAM doit être comprise entre 0,5 et 128 GB',
    ],
    [
      'ram above 128',
      { cpu: 1, ram: 129, storage: 20 },
      'ram',
      'La RAM doit être comprise entre 0,5 et 128 GB',
    ],
    [
      'storage below 1',
      { cpu: 1, ram: 1, storage: 0.5 },
      'storage',
      'Le stockage doit être compris entre 1 et 1000 GB',
    ],
    [
      'storage above 1000',
      { cpu: 1, ram: 1, storage: 1001 },
      'storage',
      'Le stockage doit être compris entre 1 et 1000 GB',
    ],
    ['replicas 0', { cpu: 1, ram: 1, storage: 1, replicas: 0 }, 'replicas', m.replicasRange],
    ['replicas 11', { cpu: 1, ram: 1, storage: 1, replicas: 11 }, 'replicas', m.replicasRange],
    ['replicas 1.5', { cpu: 1, ram: 1, storage: 1, replicas: 1.5 }, 'replicas', m.replicasRange],
    ['cpu missing', { ram: 1, storage: 1 }, 'cpu', 'Le CPU est requis'],
    ['ram not a number', { cpu: 1, ram: 'deux', storage: 1 }, 'ram', 'La RAM est requise'],
    ['storage missing', { cpu: 1, ram: 1 }, 'storage', 'Le stockage est requis'],
  ])('answers 422 when %s', async (_name, body, field, msg) => {
    expectFieldError(await calculate(body), ['body', field], msg);
  });

  it('answers 422 for an include_comparison other than true or false', async () => {
    const res = await calculate({ cpu: 1, ram: 1, storage: 1 }, '?include_comparison=oui');
    expectFieldError(res, ['querystring', 'include_comparison'], m.includeComparison);
  });

  it('accepts the bounds of SPEC §5 (0.1–32 cores, 0.5–128 GB, 1–1000 GB)', async () => {
    expect((await priced({ cpu: 0.1, ram: 0.5, storage: 1 })).monthly_xof).toBe(4782);
    // 32×10×20 + 128×10×8 + 1000×0.3 = 16 940; fee 1 694 → 18 634 base
    expect((await priced({ cpu: 32, ram: 128, storage: 1000, replicas: 10 })).monthly_xof).toBe(
      12205270,
    );
  });

  it('prices the wizard defaults: 0.5 core, 1 GB, 20 GB → 26.4 base = 17 292 XOF', async () => {
    const r = await priced({ cpu: 0.5, ram: 1, storage: 20 });
    expect(r.configuration).toEqual({ cpu: 0.5, ram: 1, storage: 20, replicas: 1 });
    expect(r.breakdown).toEqual({
      monthly: 26.4,
      resources: {
        cpu: { quantity: 0.5, unit_price: 20, cost: 10, cost_xof: 6550 },
        ram: { quantity: 1, unit_price: 8, cost: 8, cost_xof: 5240 },
        storage: { quantity: 20, unit_price: 0.3, cost: 6, cost_xof: 3930 },
      },
      resource_cost: 24,
      resource_cost_xof: 15720,
      platform_fee: 2.4,
      platform_fee_xof: 1572,
    });
    expect(r).toMatchObject({
      currency: 'XOF',
      monthly_xof: 17292,
      daily_xof: 576, // 0.88 base = 576.4
      hourly_xof: 24, // 0.0366… base = 24.02
      yearly_xof: 207504, // 316.8 base
      daily: 0.88,
      yearly: 316.8,
    });
  });

  it('multiplies cpu and ram by replicas, not storage', async () => {
    // 1×3×20 = 60; 2×3×8 = 48; 10×0.3 = 3 → 111; fee 11.1 → 122.1 base = 79 975.5 → 79 976 XOF
    const r = await priced({ cpu: 1, ram: 2, storage: 10, replicas: 3 });
    expect(r.breakdown.resources.cpu).toEqual({
      quantity: 3,
      unit_price: 20,
      cost: 60,
      cost_xof: 39300,
    });
    expect(r.breakdown.resources.ram).toEqual({
      quantity: 6,
      unit_price: 8,
      cost: 48,
      cost_xof: 31440,
    });
    expect(r.breakdown.resources.storage).toEqual({
      quantity: 10,
      unit_price: 0.3,
      cost: 3,
      cost_xof: 1965,
    });
    expect(r.breakdown.monthly).toBe(122.1);
    expect(r.monthly_xof).toBe(79976);
    expect(r.breakdown.platform_fee_xof).toBe(79976 - 72705);
  });

  it('charges the 1-unit fee minimum on a small application', async () => {
    // 0.1×20 + 0.5×8 + 1×0.3 = 6.3; 10 % = 0.63 < 1 → fee 1 → 7.3 base = 4 781.5 → 4 782 XOF
    const r = await priced({ cpu: 0.1, ram: 0.5, storage: 1 });
    expect(r.breakdown.platform_fee).toBe(1);
    expect(r.breakdown.platform_fee_xof).toBe(655);
    expect(r.monthly_xof).toBe(4782);
  });

  it('includes the competitor comparison by default, with its sources, and omits it on request', async () => {
    const r = await priced({ cpu: 0.5, ram: 1, storage: 20 });
    expect(r.comparison!.monthly_price).toBe(17292);
    expect(r.comparison!.savings).toEqual([]); // both competitors are cheaper for this mix
    expect(r.comparison!.competitors.map((c) => [c.id, c.monthly_price])).toEqual([
      ['aws-fargate', 10987],
      ['google-cloud-run', 16412],
    ]);
    for (const c of r.comparison!.competitors) {
      expect(c.source_urls[0]).toMatch(/^https:\/\//);
      expect(c.read_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const without = await priced({ cpu: 0.5, ram: 1, storage: 20 }, '?include_comparison=false');
    expect(without).not.toHaveProperty('comparison');
    expect(without.monthly_xof).toBe(17292);
  });

  it('lists a saving where a competitor costs more (2 cores, 1 GB, 10 GB)', async () => {
    // Ours 56.1 base = 36 745.5 XOF; Cloud Run 100.064 USD × 560 = 56 035.84 XOF
    const r = await priced({ cpu: 2, ram: 1, storage: 10 }, '?include_comparison=true');
    expect(r.comparison!.savings).toEqual([
      {
        competitor: 'Google Cloud Run',
        competitor_id: 'google-cloud-run',
        monthly_saving: 19290,
        yearly_saving: 231484,
        competitor_monthly_price: 56036,
      },
    ]);
  });

  it('never lists more than 2 savings, nor a zero or negative one, largest first', async () => {
    for (const cpu of [0.1, 1, 4, 32]) {
      for (const ram of [0.5, 4, 128]) {
        for (const [storage, replicas] of [
          [1, 1],
          [1000, 10],
        ] as const) {
          const r = await priced({ cpu, ram, storage, replicas });
          const savings = r.comparison!.savings;
          expect(savings.length).toBeLessThanOrEqual(2);
          for (const s of savings) {
            expect(s.monthly_saving).toBeGreaterThan(0);
            const quoted = r.comparison!.competitors.find((c) => c.id === s.competitor_id)!;
            expect(
              Math.abs(quoted.monthly_price - r.monthly_xof - s.monthly_saving),
            ).toBeLessThanOrEqual(1);
          }
          expect(savings.map((s) => s.monthly_saving)).toEqual(
            [...savings.map((s) => s.monthly_saving)].sort((a, b) => b - a),
          );
        }
      }
    }
  });
});
