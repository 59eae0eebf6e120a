import type { Environment } from '@nuage/shared/api-types';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  erpBody,
  postDeploy,
  putDeployment,
  reconcileToStatus,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { unsealSecrets } from '../../engine/specs/sealed-secrets';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

async function secretsOf(id: string) {
  const row = await deploymentRow(t, id);
  return {
    sealed: row!.secretsSealed,
    secrets: unsealSecrets(t.secrets.secretsKey, row!.secretsSealed),
  };
}

/** Everything a caller can read about the application, as one text. */
async function everythingTheApiShows(id: string) {
  const urls = [
    `${API}/deployments/deployment/${id}`,
    `${API}/deployments/${env.id}/deployments`,
    `${API}/deployments/deployment/${id}/logs`,
  ];
  const bodies = await Promise.all(
    urls.map(async (url) => (await call(t, 'GET', url, { token: team.developer.token })).body),
  );
  return bodies.join('\n');
}

async function manifestsText() {
  const dir = path.join(t.config.dataDir, env.nom_dossier_git);
  const files = await readdir(dir);
  return (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('\n');
}

describe('application passwords', () => {
  it('replaces empty passwords with strong random ones, different for every secret and application', async () => {
    const a = await deployApp(t, team.developer.token, env.id, {
      wordpress_password: '',
      mariadb_root_password: '  ',
    });
    const b = await deployApp(t, team.developer.token, env.id);
    const all = [
      ...Object.values((await secretsOf(a.id)).secrets),
      ...Object.values((await secretsOf(b.id)).secrets),
    ];
    expect(all).toHaveLength(6);
    for (const password of all) expect(password.length).toBeGreaterThanOrEqual(20);
    expect(new Set(all).size).toBe(6);
  });

  it('keeps the passwords the user chose for WordPress and Odoo', async () => {
    const wp = await deployApp(t, team.developer.token, env.id, {
      wordpress_password: 'Admin-WordPress-2024',
      mariadb_root_password: 'Racine-MariaDB-2024',
      mariadb_user_password: 'Usager-MariaDB-2024',
    });
    expect((await secretsOf(wp.id)).secrets).toEqual({
      adminPassword: 'Admin-WordPress-2024',
      dbPassword: 'Usager-MariaDB-2024',
      dbRootPassword: 'Racine-MariaDB-2024',
    });
    const odoo = await deployApp(t, team.developer.token, env.id, {
      type_application: 'odoo',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: '16.0',
      odoo_email: 'compta@exemple.sn',
      odoo_password: 'Admin-Odoo-2024',
      postgres_password: 'Postgres-Odoo-2024',
    });
    const { secrets } = await secretsOf(odoo.id);
    expect(secrets).toMatchObject({
      adminPassword: 'Admin-Odoo-2024',
      dbPassword: 'Postgres-Odoo-2024',
    });
    expect(secrets.dbRootPassword.length).toBeGreaterThanOrEqual(20);
  });

  it('stores them sealed only, and never shows one through the API, the logs or the manifests', async () => {
    const chosen = 'Secret-Choisi-42';
    const created = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({
        nom: 'Confidentiel',
        wordpress_password: chosen,
        mariadb_user_password: 'Usager-Secret-43',
      }),
    );
    const app = created.json<DeploymentView>();
    await reconcileToStatus(t, app.id, 'RUNNING');
    const scaled = await putDeployment(t, team.developer.token, app.id, { replicas: 2 });
    const synced = await call(t, 'POST', `${API}/deployments/deployment/${app.id}/sync`, {
      token: team.developer.token,
    });
    await t.app.engine.reconciler.runUntilIdle();

    const { sealed, secrets } = await secretsOf(app.id);
    const passwords = Object.values(secrets);
    expect(passwords).toContain(chosen);
    const shown = [
      created.body,
      scaled.body,
      synced.body,
      await everythingTheApiShows(app.id),
    ].join('\n');
    const manifests = await manifestsText();
    // The application's objects are in the folder, its Secret with them, values masked.
    expect(manifests).toContain((await deploymentRow(t, app.id))!.runtimeName);
    expect(manifests).toContain('REDACTED');
    for (const password of passwords) {
      expect(sealed).not.toContain(password);
      expect(sealed).not.toContain(Buffer.from(password).toString('base64'));
      expect(shown).not.toContain(password);
      expect(t.logs.text).not.toContain(password);
      expect(manifests).not.toContain(password);
      expect(manifests).not.toContain(Buffer.from(password).toString('base64'));
    }
  });
});
