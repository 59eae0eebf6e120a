import { describe, expect, it } from 'vitest';
import {
  calculatePriceSchema,
  calculateQuerySchema,
  comparisonQuerySchema,
  estimateProjectQuerySchema,
  pricingMessages as m,
  recommendSchema,
} from './pricing-schemas';

type Parse = {
  safeParse(v: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};
const issues = (schema: Parse, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('pricing schemas', () => {
  it('accepts the SPEC §5 calculation ranges, bounds included', () => {
    expect(calculatePriceSchema.safeParse({ cpu: 0.1, ram: 0.5, storage: 1 }).success).toBe(true);
    expect(
      calculatePriceSchema.safeParse({ cpu: 32, ram: 128, storage: 1000, replicas: 10 }).success,
    ).toBe(true);
  });

  it('rejects values outside them with French messages', () => {
    expect(
      issues(calculatePriceSchema, { cpu: 0.09, ram: 128.1, storage: 1001, replicas: 11 }),
    ).toEqual([
      ['cpu', m.cpuRange],
      ['ram', m.ramRange],
      ['storage', m.storageRange],
      ['replicas', m.replicasRange],
    ]);
    expect(issues(calculatePriceSchema, {})).toEqual([
      ['cpu', 'Le CPU est requis'],
      ['ram', 'La RAM est requise'],
      ['storage', 'Le stockage est requis'],
    ]);
    expect(issues(calculatePriceSchema, { cpu: 1, ram: 1, storage: 1, replicas: 1.5 })).toEqual([
      ['replicas', m.replicasRange],
    ]);
    expect(m.cpuRange).toBe('Le CPU doit être compris entre 0,1 et 32 cores');
  });

  it('reads include_comparison as true by default, and only true or false', () => {
    expect(calculateQuerySchema.parse({})).toEqual({ include_comparison: true });
    expect(calculateQuerySchema.parse({ include_comparison: 'false' })).toEqual({
      include_comparison: false,
    });
    expect(issues(calculateQuerySchema, { include_comparison: 'oui' })).toEqual([
      ['include_comparison', m.includeComparison],
    ]);
  });

  it('recommends only for wordpress and odoo, whole users ≥ 1 and a known traffic level', () => {
    expect(
      recommendSchema.safeParse({
        application_type: 'odoo',
        expected_users: 50,
        traffic_level: 'medium',
      }).success,
    ).toBe(true);
    expect(
      issues(recommendSchema, {
        application_type: 'joomla',
        expected_users: 0,
        traffic_level: 'max',
      }),
    ).toEqual([
      ['application_type', m.applicationTypeUnsupported],
      ['expected_users', m.expectedUsersInvalid],
      ['traffic_level', m.trafficLevelInvalid],
    ]);
    expect(
      issues(recommendSchema, {
        application_type: 'odoo',
        expected_users: 2.5,
        traffic_level: 'low',
      }),
    ).toEqual([['expected_users', m.expectedUsersInvalid]]);
  });

  it('parses estimate-project query strings, requiring resources only without app_type', () => {
    expect(estimateProjectQuerySchema.parse({ cpu: '1', ram: '2', storage: '20' })).toEqual({
      cpu: 1,
      ram: 2,
      storage: 20,
    });
    expect(estimateProjectQuerySchema.parse({ app_type: 'odoo', ram: '' })).toEqual({
      app_type: 'odoo',
    });
    expect(issues(estimateProjectQuerySchema, { cpu: '1' })).toEqual([
      ['ram', m.ramRequired],
      ['storage', m.storageRequired],
    ]);
    expect(issues(estimateProjectQuerySchema, { cpu: 'beaucoup', app_type: 'odoo' })).toEqual([
      ['cpu', m.cpuRange],
    ]);
    expect(issues(estimateProjectQuerySchema, { app_type: 'typo3' })).toEqual([
      ['app_type', m.appTypeUnknown],
    ]);
  });

  it('requires a positive monthly_price and resources all together or not at all', () => {
    expect(comparisonQuerySchema.parse({ monthly_price: '17292' })).toEqual({
      monthly_price: 17292,
    });
    expect(issues(comparisonQuerySchema, {})).toEqual([['monthly_price', m.monthlyPriceRequired]]);
    expect(issues(comparisonQuerySchema, { monthly_price: '0' })).toEqual([
      ['monthly_price', m.monthlyPriceInvalid],
    ]);
    expect(issues(comparisonQuerySchema, { monthly_price: '100', cpu: '1', ram: '1' })).toEqual([
      ['cpu', m.resourcesTogether],
    ]);
  });
});
