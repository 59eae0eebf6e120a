import { serverDetails } from '@nuage/shared/messages';
import { pricingMessages as m } from '@nuage/shared/pricing-schemas';
import type { PresetRecommendation, PresetsResponse } from '@nuage/shared/pricing-types';
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

const recommend = (body: unknown) =>
  call(t, 'POST', `${API}/recommend`, { token: user.token, body });

describe('GET /pricing/presets', () => {
  it('answers 401 without a token', async () => {
    expectDetail(await call(t, 'GET', `${API}/presets`), 401, serverDetails.notAuthenticated);
  });

  it('groups presets by application type, three or more for WordPress and Odoo', async () => {
    const res = await call(t, 'GET', `${API}/presets`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const { applications } = res.json<PresetsResponse>();
    expect(Object.keys(applications).sort()).toEqual([
      'directus',
      'docuseal',
      'dolibarr',
      'drupal',
      'espocrm',
      'gitea',
      'grafana',
      'joomla',
      'kanboard',
      'kimai',
      'listmonk',
      'matomo',
      'mattermost',
      'metabase',
      'n8n',
      'nextcloud',
      'nocodb',
      'odoo',
      'prestashop',
      'redmine',
      'snipe-it',
      'umami',
      'uptime-kuma',
      'vaultwarden',
      'vikunja',
      'wikijs',
      'wordpress',
      'xwiki',
    ]);
    expect(applications.wordpress.presets).toHaveLength(3);
    expect(applications.odoo.presets).toHaveLength(3);
    expect(applications.redmine.presets.map((p) => p.id)).toEqual([
      'redmine-equipe',
      'redmine-entreprise',
    ]);
    expect(applications.espocrm.presets).toHaveLength(2);
    // A file without presets has one « Standard » preset of its defaults, priced the same way.
    expect(applications.umami.presets).toHaveLength(1);
    expect(applications.umami.presets[0]!.pricing.monthly_price).toBeGreaterThan(0);
    for (const type of ['joomla', 'drupal', 'nextcloud', 'matomo'] as const) {
      expect(applications[type].presets.length).toBeGreaterThanOrEqual(1);
    }
    expect(applications.wordpress.presets[0]).toEqual({
      id: 'wordpress-demarrage',
      name: 'Démarrage',
      usage_description: expect.stringContaining('visiteurs par jour'),
      resources: { cpu: 0.5, ram: 1, storage: 10 },
      // 21 + fee 2.1 = 23.1 base = 15 130.5 → 15 131 XOF
      pricing: {
        monthly_price: 15131,
        monthly_price_base: 23.1,
        daily_price: 504,
        hourly_price: 21,
      },
    });
    expect(applications.odoo.presets.map((p) => p.pricing.monthly_price)).toEqual([
      30261, 60522, 121044,
    ]);
  });
});

describe('POST /pricing/recommend', () => {
  it('answers 401 without a token', async () => {
    const body = { application_type: 'odoo', expected_users: 50, traffic_level: 'medium' };
    expectDetail(
      await call(t, 'POST', `${API}/recommend`, { body }),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it.each([
    [
      'another template',
      { application_type: 'joomla', expected_users: 50, traffic_level: 'medium' },
      'application_type',
      m.applicationTypeUnsupported,
    ],
    [
      'no template',
      { expected_users: 50, traffic_level: 'medium' },
      'application_type',
      m.applicationTypeUnsupported,
    ],
    [
      'zero users',
      { application_type: 'odoo', expected_users: 0, traffic_level: 'medium' },
      'expected_users',
      m.expectedUsersInvalid,
    ],
    [
      'fractional users',
      { application_type: 'odoo', expected_users: 2.5, traffic_level: 'medium' },
      'expected_users',
      m.expectedUsersInvalid,
    ],
    [
      'users as text',
      { application_type: 'odoo', expected_users: 'cinquante', traffic_level: 'medium' },
      'expected_users',
      m.expectedUsersInvalid,
    ],
    [
      'too many users',
      { application_type: 'odoo', expected_users: 1_000_001, traffic_level: 'medium' },
      'expected_users',
      m.expectedUsersTooHigh,
    ],
    [
      'unknown traffic',
      { application_type: 'wordpress', expected_users: 50, traffic_level: 'extreme' },
      'traffic_level',
      m.trafficLevelInvalid,
    ],
  ])('answers 422 for %s', async (_name, body, field, msg) => {
    expectFieldError(await recommend(body), ['body', field], msg);
  });

  it('answers the wizard call (50 users, medium traffic) with a preset and French reasoning', async () => {
    const res = await recommend({
      application_type: 'wordpress',
      expected_users: 50,
      traffic_level: 'medium',
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<PresetRecommendation>();
    expect(r.preset.id).toBe('wordpress-demarrage');
    expect(r.preset.pricing.monthly_price).toBe(15131);
    expect(r.reasoning).toMatch(
      /^Pour 50 visiteurs par jour avec un trafic moyen, la configuration « Démarrage »/,
    );
    expect(r.alternatives.map((p) => p.id)).toEqual([
      'wordpress-croissance',
      'wordpress-entreprise',
    ]);

    const odoo = (
      await recommend({ application_type: 'odoo', expected_users: 50, traffic_level: 'medium' })
    ).json<PresetRecommendation>();
    expect(odoo.preset.id).toBe('odoo-croissance');
    expect(odoo.reasoning).toContain('Pour 50 utilisateurs avec un trafic moyen');
  });

  it('moves to a larger preset when traffic is high', async () => {
    const r = (
      await recommend({ application_type: 'odoo', expected_users: 30, traffic_level: 'high' })
    ).json<PresetRecommendation>();
    expect(r.weighted_load).toBe(60);
    expect(r.preset.id).toBe('odoo-entreprise');
    expect(r.reasoning).toContain('trafic élevé');
  });
});

describe('OpenAPI', () => {
  it('documents every Pricing call of SPEC §7', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths).filter((p) =>
      p.startsWith('/api/v1/pricing/'),
    );
    expect(paths.sort()).toEqual(
      ['calculate', 'comparison', 'estimate-project', 'my-usage', 'presets', 'recommend'].map(
        (p) => `/api/v1/pricing/${p}`,
      ),
    );
  });
});
