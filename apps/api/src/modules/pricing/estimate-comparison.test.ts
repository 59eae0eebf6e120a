import { serverDetails } from '@nuage/shared/messages';
import { pricingMessages as m } from '@nuage/shared/pricing-schemas';
import type { CompetitorComparison, ProjectEstimate } from '@nuage/shared/pricing-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const API = '/api/v1/pricing';
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createVerifiedUser(t);
});
afterAll(() => t.close());

const get = (path: string) => call(t, 'GET', `${API}${path}`, { token: user.token });

async function estimate(query: string) {
  const res = await get(`/estimate-project?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProjectEstimate>().estimation;
}

async function compare(query: string) {
  const res = await get(`/comparison?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompetitorComparison>();
}

describe('GET /pricing/estimate-project', () => {
  it('answers 401 without a token', async () => {
    expectDetail(
      await call(t, 'GET', `${API}/estimate-project?cpu=1&ram=1&storage=1`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answers 422 with French messages', async () => {
    expectFieldError(await get('/estimate-project?cpu=1'), ['querystring', 'ram'], m.ramRequired);
    expectFieldError(
      await get('/estimate-project?cpu=1'),
      ['querystring', 'storage'],
      m.storageRequired,
    );
    expectFieldError(await get('/estimate-project'), ['querystring', 'cpu'], m.cpuRequired);
    expectFieldError(
      await get('/estimate-project?cpu=64&ram=1&storage=1'),
      ['querystring', 'cpu'],
      m.cpuRange,
    );
    expectFieldError(
      await get('/estimate-project?cpu=1&ram=0.25&storage=1'),
      ['querystring', 'ram'],
      m.ramRange,
    );
    expectFieldError(
      await get('/estimate-project?cpu=1&ram=1&storage=2000'),
      ['querystring', 'storage'],
      m.storageRange,
    );
    expectFieldError(
      await get('/estimate-project?cpu=un&ram=1&storage=1'),
      ['querystring', 'cpu'],
      m.cpuRange,
    );
    expectFieldError(
      await get('/estimate-project?app_type=typo3'),
      ['querystring', 'app_type'],
      m.appTypeUnknown,
    );
  });

  it('estimates given resources without app_type (0.5 core, 1 GB, 20 GB → 17 292 XOF)', async () => {
    const e = await estimate('cpu=0.5&ram=1&storage=20');
    expect(e).toMatchObject({
      total: 17292,
      total_base: 26.4,
      daily: 576,
      hourly: 24,
      yearly: 207504,
      currency: 'XOF',
      app_type: null,
      configuration: { cpu: 0.5, ram: 1, storage: 20, replicas: 1 },
    });
    expect(e.breakdown.platform_fee).toBe(2.4);
  });

  it('fills missing resources from the app_type template defaults', async () => {
    // Odoo: 1 core, 2 GB, 20 GB → 42 + 4.2 = 46.2 base = 30 261 XOF
    expect(await estimate('app_type=odoo')).toMatchObject({
      total: 30261,
      app_type: 'odoo',
      configuration: { cpu: 1, ram: 2, storage: 20 },
    });
    // Given cpu wins: 2×20 + 2×8 + 20×0.3 = 62; fee 6.2 → 68.2 base = 44 671 XOF
    expect((await estimate('app_type=odoo&cpu=2')).total).toBe(44671);
    // WordPress defaults 0.5 core, 0.5 GB, 20 GB with ram given as 1 → the wizard defaults
    expect((await estimate('app_type=wordpress&ram=1&storage=')).total).toBe(17292);
  });
});

describe('GET /pricing/comparison', () => {
  it('answers 401 without a token', async () => {
    expectDetail(
      await call(t, 'GET', `${API}/comparison?monthly_price=17292`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answers 422 with French messages', async () => {
    expectFieldError(
      await get('/comparison'),
      ['querystring', 'monthly_price'],
      m.monthlyPriceRequired,
    );
    expectFieldError(
      await get('/comparison?monthly_price=-5'),
      ['querystring', 'monthly_price'],
      m.monthlyPriceInvalid,
    );
    expectFieldError(
      await get('/comparison?monthly_price=beaucoup'),
      ['querystring', 'monthly_price'],
      m.monthlyPriceInvalid,
    );
    expectFieldError(
      await get('/comparison?monthly_price=100&cpu=1'),
      ['querystring', 'cpu'],
      m.resourcesTogether,
    );
  });

  it('compares a price alone on the wizard’s default mix', async () => {
    const c = await compare('monthly_price=17292');
    expect(c.monthly_price).toBe(17292);
    expect(c.basis).toEqual({ cpu: 0.5, ram: 1, storage: 20, replicas: 1, inferred: true });
    expect(c.competitors.map((q) => q.monthly_price)).toEqual([10987, 16412]);
    expect(c.savings).toEqual([]);
    expect(c.exchange_rates).toEqual({ usd_xof: 560, usd_xof_as_of: '2025-10', eur_xof: 655.957 });
    expect(c.note).toMatch(/^Comparaison indicative/);
  });

  it('compares a price with the resources it buys', async () => {
    // Cloud Run: 56 035.84 XOF − 36 746 = 19 289.84 → 19 290 a month, 231 478 a year
    const c = await compare('monthly_price=36746&cpu=2&ram=1&storage=10');
    expect(c.basis.inferred).toBe(false);
    expect(c.savings).toEqual([
      {
        competitor: 'Google Cloud Run',
        competitor_id: 'google-cloud-run',
        monthly_saving: 19290,
        yearly_saving: 231478,
        competitor_monthly_price: 56036,
      },
    ]);
  });

  it('never lists more than 2 savings nor a negative one', async () => {
    for (const price of [100, 5000, 17292, 90000, 2_000_000]) {
      for (const extra of [
        '',
        '&cpu=8&ram=1&storage=1&replicas=4',
        '&cpu=0.1&ram=16&storage=100',
      ]) {
        const c = await compare(`monthly_price=${price}${extra}`);
        expect(c.savings.length).toBeLessThanOrEqual(2);
        for (const s of c.savings) expect(s.monthly_saving).toBeGreaterThan(0);
      }
    }
    // A discounted price for many cores: both competitors cost more, largest saving first.
    const both = await compare('monthly_price=1000&cpu=8&ram=1&storage=1');
    expect(both.savings.map((s) => s.competitor_id)).toEqual(['google-cloud-run', 'aws-fargate']);
  });
});
