import type { Environment } from '@nuage/shared/api-types';
import { applicationTemplates, saasTemplates } from '@nuage/shared/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  getDetail,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t, {
    quota_cpu: 40,
    quota_ram: 80,
    quota_stockage: 800,
  }));
});
afterAll(() => t.close());

const ORIGINAL = new Set(['odoo', 'wordpress', 'joomla', 'drupal', 'nextcloud', 'matomo']);
const added = applicationTemplates.filter((a) => !ORIGINAL.has(a.id)).map((a) => a.id);

describe('the applications added as data (issue 30), on the simulation runtime', () => {
  it('are listed by the catalogue with their category, priced by their presets', async () => {
    const catalog = await call(t, 'GET', `${API}/buildpack/templates/available`, {
      token: team.user.token,
    });
    const saas = catalog.json<{ saas: { id: string; category: string }[] }>().saas;
    for (const id of added)
      expect(saas.find((s) => s.id === id)?.category).toBe(saasTemplates[id].category);
    const presets = await call(t, 'GET', `${API}/pricing/presets`, { token: team.user.token });
    const applications = presets.json<{
      applications: Record<string, { presets: { pricing: { monthly_price: number } }[] }>;
    }>().applications;
    for (const id of added)
      expect(applications[id]?.presets[0]?.pricing.monthly_price).toBeGreaterThan(0);
  });

  it.each(added)('%s: deployed from the wizard, running with its database pod', async (id) => {
    const template = saasTemplates[id];
    const app = await deployApp(t, team.developer.token, env.id, {
      nom: `Appli ${id}`,
      type_application: id,
      image_registry_url: template.image,
      image_tag: template.tag,
      cpu: template.cpu,
      ram: template.ram,
      storage: 5,
    });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.deployment_sync.status.summary.images).toContain(
      `${template.image}:${template.tag}`,
    );
    expect(detail.pods_status.some((p) => p.name.includes('-db-'))).toBe(true);
  });
});
