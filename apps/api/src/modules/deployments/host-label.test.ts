import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/helpers/factories';
import { deployApp, deploymentRow } from '../../../test/helpers/deploy-factories';
import {
  createEnvironment,
  createProject,
  settleEngine,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { call } from '../../../test/helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new account with a project named `projectName` and a 'Production' environment. */
async function tenant(projectName: string) {
  const user = await createVerifiedUser(t);
  const project = await createProject(t, user.token, {
    nom: projectName,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const env = await createEnvironment(t, user.token, project.id, { nom: 'Production' });
  return { user, env };
}

describe('application host labels', () => {
  it('names the application <app>-<env>-<project>, and keeps it when the application is renamed', async () => {
    const { user, env } = await tenant('Boutique Awa');
    const app = await deployApp(t, user.token, env.id, { nom: 'Mon Blog' });
    expect((await deploymentRow(t, app.id))!.hostLabel).toBe('mon-blog-production-boutique-awa');

    const res = await call(t, 'PUT', `/api/v1/deployments/deployment/${app.id}`, {
      token: user.token,
      body: { nom: 'Autre nom' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deploymentRow(t, app.id))!.hostLabel).toBe('mon-blog-production-boutique-awa');
  });

  it('gives another tenant with the same names a distinct label, even when both deploy at once', async () => {
    const tenants = await Promise.all([tenant('Atelier'), tenant('Atelier'), tenant('Atelier')]);
    const apps = await Promise.all(
      tenants.map(({ user, env }) => deployApp(t, user.token, env.id, { nom: 'Site' })),
    );
    const labels = await Promise.all(
      apps.map(async (a) => (await deploymentRow(t, a.id))!.hostLabel),
    );
    expect(new Set(labels).size).toBe(3);
    expect(labels).toContain('site-production-atelier');
    for (const label of labels) expect(label).toMatch(/^site-production-atelier(-[a-z0-9]{6})?$/);
  });

  it('keeps the label taken while its application is being deleted, and frees it once gone', async () => {
    const { user, env } = await tenant('Cabinet');
    const first = await deployApp(t, user.token, env.id, { nom: 'crm' });
    const del = await call(t, 'DELETE', `/api/v1/deployments/deployment/${first.id}`, {
      token: user.token,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    // Its host is still routed until its runtime objects are removed: never a second owner.
    const meanwhile = await deployApp(t, user.token, env.id, { nom: 'crm' });
    expect((await deploymentRow(t, meanwhile.id))!.hostLabel).toMatch(
      /^crm-production-cabinet-[a-z0-9]{6}$/,
    );
    await settleEngine(t);
    expect(await deploymentRow(t, first.id)).toBeUndefined();
    const { user: other, env: otherEnv } = await tenant('Cabinet');
    const second = await deployApp(t, other.token, otherEnv.id, { nom: 'crm' });
    expect((await deploymentRow(t, second.id))!.hostLabel).toBe('crm-production-cabinet');
  });
});
