import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

interface Template {
  id: string;
  name: string;
  available: boolean;
  status: string;
  category: string;
}

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createVerifiedUser(t);
});
afterAll(() => t.close());

describe('GET /buildpack/templates/available', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t, 'GET', `${API}/buildpack/templates/available`)).statusCode).toBe(401);
    expect((await call(t, 'GET', `${API}/deployments/buildpacks`)).statusCode).toBe(401);
  });

  it('lists the ready-made applications, all available (issue 16; issue 30 added twenty-two as data), with their defaults', async () => {
    const res = await call(t, 'GET', `${API}/buildpack/templates/available`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const { saas } = res.json<{ saas: (Template & Record<string, unknown>)[] }>();
    expect(saas.map((s) => [s.name, s.available])).toEqual([
      ['Odoo', true],
      ['WordPress', true],
      ['Joomla', true],
      ['Drupal', true],
      ['Nextcloud', true],
      ['Matomo', true],
      ['Dolibarr', true],
      ['PrestaShop', true],
      ['Grafana', true],
      ['Metabase', true],
      ['n8n', true],
      ['Directus', true],
      ['Gitea', true],
      ['Listmonk', true],
      ['Mattermost', true],
      ['Vaultwarden', true],
      ['Wiki.js', true],
      ['Kimai', true],
      ['EspoCRM', true],
      ['Redmine', true],
      ['Vikunja', true],
      ['Kanboard', true],
      ['NocoDB', true],
      ['Snipe-IT', true],
      ['Uptime Kuma', true],
      ['Umami', true],
      ['DocuSeal', true],
      ['XWiki', true],
    ]);
    expect(saas.find((s) => s.id === 'redmine')).toMatchObject({
      category: 'Gestion de projet',
      tag: '6.0',
      port: 3000,
      database_config: { engine: 'postgresql', database: 'redmine', user: 'redmine' },
    });
    // SPEC §9's Matomo row reads 300 / 512: millicores and MiB, i.e. 0.3 core and 0.5 GB.
    expect(saas.find((s) => s.id === 'matomo')).toMatchObject({
      tag: '4.15-apache',
      default_resources: { cpu: 0.3, ram: 0.5 },
    });
    expect(saas.find((s) => s.id === 'odoo')).toMatchObject({
      tag: '16.0',
      port: 8069,
      default_resources: { cpu: 1, ram: 2 },
      helm_version: '1.0.0',
      helm_values: { service: { type: 'ClusterIP', port: 8069 } },
    });
    expect(saas.find((s) => s.id === 'wordpress')).toMatchObject({
      tag: '6.4-apache',
      port: 80,
      default_resources: { cpu: 0.5, ram: 0.5 },
    });
  });

  it('lists the six code templates, all deployable from Git (issue 13)', async () => {
    const res = await call(t, 'GET', `${API}/buildpack/templates/available`, { token: user.token });
    const { code } = res.json<{ code: Template[] }>();
    expect(code.map((c) => c.name)).toEqual([
      'React',
      'Vue.js',
      'Node.js',
      'Python',
      'PHP',
      'Java',
    ]);
    for (const c of code) expect(c).toMatchObject({ available: true, status: 'disponible' });
  });
});

describe('GET /deployments/buildpacks', () => {
  it('lists the thirty-four templates, the code ones under the Code category', async () => {
    const res = await call(t, 'GET', `${API}/deployments/buildpacks`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const { buildpacks } = res.json<{ buildpacks: Template[] }>();
    expect(buildpacks).toHaveLength(34);
    expect(buildpacks.filter((b) => b.available).map((b) => b.id)).toEqual([
      'odoo',
      'wordpress',
      'joomla',
      'drupal',
      'nextcloud',
      'matomo',
      'dolibarr',
      'prestashop',
      'grafana',
      'metabase',
      'n8n',
      'directus',
      'gitea',
      'listmonk',
      'mattermost',
      'vaultwarden',
      'wikijs',
      'kimai',
      'espocrm',
      'redmine',
      'vikunja',
      'kanboard',
      'nocodb',
      'snipe-it',
      'uptime-kuma',
      'umami',
      'docuseal',
      'xwiki',
      'react',
      'vue',
      'nodejs',
      'python',
      'php',
      'java',
    ]);
    expect(buildpacks.filter((b) => b.category === 'Code')).toHaveLength(6);
  });
});

describe('GET /platform and the simulated application page', () => {
  it('says the runtime is simulated, with the banner the interface shows', async () => {
    expect((await call(t, 'GET', `${API}/platform`)).statusCode).toBe(401);
    const res = await call(t, 'GET', `${API}/platform`, { token: user.token });
    expect(res.json()).toEqual({
      runtime: 'simulation',
      simulation: true,
      banner: "Mode simulation : aucune application réelle n'est déployée",
      problemes: [],
      // No APPS_DOMAIN nor PUBLIC_IP in the tests' config; an account outside OPERATOR_EMAILS
      // is not told which settings its operators must complete.
      dns_configure: false,
      operateur: false,
      reglages_a_completer: [],
    });
  });

  it('serves a French page at an application URL saying nothing real runs', async () => {
    const res = await call(t, 'GET', '/simulation/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain("Mode simulation : aucune application réelle n'est déployée");
    expect(res.body).toContain('lang="fr"');
  });
});
