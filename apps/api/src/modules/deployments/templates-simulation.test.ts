import type { Environment } from '@nuage/shared/api-types';
import { saasTemplates } from '@nuage/shared/catalog';
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
    quota_cpu: 20,
    quota_ram: 40,
    quota_stockage: 400,
  }));
});
afterAll(() => t.close());

describe('the four applications enabled by issue 16, on the simulation runtime', () => {
  it.each(['joomla', 'drupal', 'nextcloud', 'matomo'] as const)(
    '%s: deployed from the wizard, running with its database pod',
    async (id) => {
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
      const logs = await call(t, 'GET', `${API}/deployments/deployment/${app.id}/logs`, {
        token: team.developer.token,
      });
      const text = logs.json<{ logs: string }>().logs;
      expect(text).toContain("Mode simulation : aucune application réelle n'est déployée");
      // Matomo creates its super user in its installer: no setup task.
      if (id === 'matomo') expect(text).not.toContain('-setup]');
      else expect(text).toContain('installation et compte administrateur créés');
    },
  );
});
