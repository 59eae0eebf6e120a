import type { Environment } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  expectDetail,
  settleEngine,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deployApp,
  erpBody,
  getDetail,
  postDeploy,
  putDeployment,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const DEV_OR_ADMIN = 'Action réservée aux développeurs et administrateurs du projet.';
const ENV_NOT_FOUND = 'Environnement non trouvé';
const APP_NOT_FOUND = 'Application non trouvée';
const NAME_TAKEN = 'Une application porte déjà ce nom dans cet environnement.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const appUrl = (id: string) => `${API}/deployments/deployment/${id}`;

describe('who may deploy', () => {
  it('answers 401 without a token', async () => {
    const res = await call(t, 'POST', `${API}/deployments/${env.id}/deploy/erp`, {
      body: erpBody(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a project user and 404 to a non-member, and deploys nothing', async () => {
    expectDetail(
      await postDeploy(t, team.user.token, env.id, erpBody({ nom: 'Refuse' })),
      403,
      DEV_OR_ADMIN,
    );
    expectDetail(
      await postDeploy(t, team.outsider.token, env.id, erpBody({ nom: 'Refuse' })),
      404,
      ENV_NOT_FOUND,
    );
    const list = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.admin.token,
    });
    expect(list.json<DeploymentView[]>().map((d) => d.nom)).not.toContain('Refuse');
  });

  it('answers 404 for an unknown or malformed environment id', async () => {
    expectDetail(await postDeploy(t, team.admin.token, UNKNOWN_ID, erpBody()), 404, ENV_NOT_FOUND);
    expectDetail(
      await postDeploy(t, team.admin.token, 'pas-un-uuid', erpBody()),
      404,
      ENV_NOT_FOUND,
    );
  });

  it('lets a developer and an admin deploy (201); a new application starts PENDING', async () => {
    for (const who of [team.developer, team.admin]) {
      const res = await postDeploy(t, who.token, env.id, erpBody());
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<DeploymentView>();
      expect(created).toMatchObject({
        statut_deploiement: 'PENDING',
        environnement_id: env.id,
        type_application: 'ERP',
      });
      expect(created.application_url).toBeNull();
      expect(created.events.map((e) => e.message)).toEqual(['Déploiement demandé']);
    }
  });
});

describe('who may see and change an application', () => {
  let app: DeploymentView;
  beforeAll(async () => {
    app = await deployApp(t, team.developer.token, env.id);
  });

  it('shows it to every member, in the list of its environment and by id', async () => {
    for (const who of [team.user, team.developer, team.admin]) {
      const list = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
        token: who.token,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json<DeploymentView[]>().map((d) => d.id)).toContain(app.id);
      expect((await getDetail(t, who.token, app.id)).id).toBe(app.id);
    }
  });

  it('hides it from a non-member (404) and from anonymous callers (401)', async () => {
    expectDetail(
      await call(t, 'GET', appUrl(app.id), { token: team.outsider.token }),
      404,
      APP_NOT_FOUND,
    );
    expectDetail(
      await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
        token: team.outsider.token,
      }),
      404,
      ENV_NOT_FOUND,
    );
    expect((await call(t, 'GET', appUrl(app.id))).statusCode).toBe(401);
    expectDetail(
      await call(t, 'GET', appUrl(UNKNOWN_ID), { token: team.admin.token }),
      404,
      APP_NOT_FOUND,
    );
  });

  it('refuses edit, restart, logs and delete to a project user (403) and a non-member (404)', async () => {
    const attempts = [
      (token: string) => putDeployment(t, token, app.id, { replicas: 2 }),
      (token: string) => call(t, 'POST', `${appUrl(app.id)}/sync`, { token }),
      (token: string) => call(t, 'GET', `${appUrl(app.id)}/logs`, { token }),
      (token: string) => call(t, 'DELETE', appUrl(app.id), { token }),
    ];
    for (const attempt of attempts) {
      expectDetail(await attempt(team.user.token), 403, DEV_OR_ADMIN);
      expectDetail(await attempt(team.outsider.token), 404, APP_NOT_FOUND);
    }
    expect(await getDetail(t, team.admin.token, app.id)).toMatchObject({
      replicas: 1,
      statut_deploiement: 'PENDING',
    });
  });
});

describe('application names', () => {
  it('are unique per environment whatever their case (409)', async () => {
    await deployApp(t, team.developer.token, env.id, { nom: 'Boutique' });
    expectDetail(
      await postDeploy(t, team.developer.token, env.id, erpBody({ nom: 'BOUTIQUE' })),
      409,
      NAME_TAKEN,
    );
    expectDetail(
      await postDeploy(t, team.developer.token, env.id, erpBody({ nom: ' boutique ' })),
      409,
      NAME_TAKEN,
    );
  });

  it('may repeat in another environment of the project', async () => {
    const other = await createEnvironment(t, team.admin.token, env.projet_id, {
      nom: 'Recette',
      type: 'staging',
    });
    await deployApp(t, team.developer.token, other.id, { nom: 'Boutique' });
  });

  it('cannot be taken by a rename either', async () => {
    const a = await deployApp(t, team.developer.token, env.id, { nom: 'Blog' });
    expectDetail(
      await putDeployment(t, team.developer.token, a.id, { nom: 'boutique' }),
      409,
      NAME_TAKEN,
    );
  });

  it('are free again as soon as the application is being deleted, and after', async () => {
    const first = await deployApp(t, team.developer.token, env.id, { nom: 'Vitrine' });
    expect(
      (await call(t, 'DELETE', appUrl(first.id), { token: team.developer.token })).statusCode,
    ).toBe(202);
    const second = await deployApp(t, team.developer.token, env.id, { nom: 'Vitrine' });
    expect(second.id).not.toBe(first.id);
    await settleEngine(t);
    expect(
      (await call(t, 'DELETE', appUrl(second.id), { token: team.developer.token })).statusCode,
    ).toBe(202);
    await settleEngine(t);
    await deployApp(t, team.developer.token, env.id, { nom: 'vitrine' });
  });
});

describe('GET /deployments/{envId}/deployments', () => {
  it('lists the applications of that environment only, oldest first', async () => {
    const fresh = await createEnvironment(t, team.admin.token, env.projet_id, {
      nom: 'Isolé',
      type: 'dev',
    });
    const a = await deployApp(t, team.developer.token, fresh.id, { nom: 'Premier' });
    const b = await deployApp(t, team.developer.token, fresh.id, {
      nom: 'Second',
      type_application: 'odoo',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: '16.0',
    });
    const res = await call(t, 'GET', `${API}/deployments/${fresh.id}/deployments`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<DeploymentView[]>();
    expect(list.map((d) => [d.id, d.nom, d.template])).toEqual([
      [a.id, 'Premier', 'wordpress'],
      [b.id, 'Second', 'odoo'],
    ]);
  });
});
