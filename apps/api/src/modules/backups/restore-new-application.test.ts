import type { Environment } from '@nuage/shared/api-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsOf as backupsListOf, backupsSettled } from '../../../test/helpers/backup-lists';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
  projectWithQuotas,
  quotaError,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import {
  addMemberWithRole,
  API,
  createEnvironment,
  createProject,
  expectDetail,
  expectIssue,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { unsealSecrets } from '../../engine/specs/sealed-secrets';

/**
 * « Dans une nouvelle application »: a backup restored into an application created for it in
 * another environment (prod → staging), on the simulation runtime. The deploy path's checks
 * (roles, quota, name) apply; the restore waits until the new application runs.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let staging: Environment;
let source: DeploymentView;
let backupId: string;

const backupsOf = (id: string) => backupsListOf(t, team.developer.token, id);
const settled = (id: string) => backupsSettled(t, team.developer.token, id);

const restore = (body: unknown, token = team.developer.token) =>
  call(t, 'POST', `${API}/deployments/${source.id}/backups/${backupId}/restore`, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  let project;
  let prod;
  ({ team, project, env: prod } = await teamWithEnvironment(t));
  projectId = project.id;
  staging = await createEnvironment(t, team.admin.token, projectId, {
    nom: 'Recette',
    type: 'staging',
  });
  source = await deployApp(t, team.developer.token, prod.id, {
    nom: 'Boutique',
    wordpress_password: 'mot-de-passe-prod',
  });
  await reconcileToStatus(t, source.id, 'RUNNING');
  await call(t, 'POST', `${API}/deployments/${source.id}/backups`, { token: team.developer.token });
  const [backup] = (await settled(source.id)).sauvegardes;
  expect(backup?.statut).toBe('success');
  backupId = backup!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('restore into a new application', () => {
  it('creates the application of the same template in the other environment, then loads the backup', async () => {
    const res = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: staging.id, nom: 'Boutique recette' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{
      message: string;
      restauration: { type: string; statut: string; application_cible_id: string };
      application: DeploymentView & { environment_id?: string };
    }>();
    expect(body.message).toBe(backupTexts.restoreStarted);
    expect(body.restauration).toMatchObject({ type: 'new', statut: 'running' });
    const created = body.application;
    expect(body.restauration.application_cible_id).toBe(created.id);

    const detail = await getDetail(t, team.developer.token, created.id);
    expect(detail).toMatchObject({
      nom: 'Boutique recette',
      image_url: expect.stringContaining('wordpress'),
    });
    const row = await deploymentRow(t, created.id);
    expect(row).toMatchObject({ environmentId: staging.id, template: 'wordpress', domain: null });
    // The restored data holds the source's administrator: its password is the one shown.
    expect(unsealSecrets(t.app.ctx.secrets.secretsKey, row!.secretsSealed).adminPassword).toBe(
      'mot-de-passe-prod',
    );

    // Created on hold: its runtime starts no replica, so no empty site is ever served…
    expect((await backupsOf(created.id)).restaurations[0]).toMatchObject({ statut: 'running' });
    await reconcileToStatus(t, created.id, 'RUNNING');
    const held = await deploymentRow(t, created.id);
    const replicasOf = (pods: { name: string }[]) => pods.filter((p) => !p.name.includes('-db-'));
    expect(held!.pods.length).toBeGreaterThan(0); // its database runs, to take the dump
    expect(replicasOf(held!.pods)).toEqual([]);
    expect(held!.replicas).toBe(source.replicas);
    // …until the backup is loaded; then its replicas start, on the restored data.
    const list = await settled(created.id);
    expect(list.restaurations[0]).toMatchObject({
      type: 'new',
      statut: 'success',
      erreur: null,
      sauvegarde_id: backupId,
    });
    await reconcileUntil(
      t,
      async () => {
        const row = (await deploymentRow(t, created.id))!;
        return (
          row.status === 'RUNNING' &&
          row.observedGeneration === row.generation &&
          replicasOf(row.pods).length === source.replicas
        );
      },
      {
        timeoutMs: 30_000,
        tick: () => makeDue(t, created.id).then(() => t.app.engine.reconciler.tick()),
      },
    );
    const started = await deploymentRow(t, created.id);
    expect(started).toMatchObject({ status: 'RUNNING' });
    expect(started!.settings).not.toHaveProperty('restorePending');
    expect(started!.events.map((e) => e.message)).toContain(
      'Sauvegarde restaurée : démarrage de l’application',
    );
    // The source's page lists it too (its backup went there).
    const fromSource = await settled(source.id);
    expect(fromSource.restaurations.map((r) => r.application_cible_id)).toContain(created.id);
  });

  it('offers every environment of every project where the user may deploy, and only those', async () => {
    const subsidiary = await createProject(t, team.admin.token, { nom: 'Filiale Dakar' });
    await addMemberWithRole(t, team.admin.token, subsidiary.id, team.developer, 'developer');
    const subsidiaryEnv = await createEnvironment(t, team.admin.token, subsidiary.id, {
      nom: 'Production Dakar',
      type: 'prod',
    });
    const readOnly = await createProject(t, team.admin.token, { nom: 'Lecture seule' });
    await addMemberWithRole(t, team.admin.token, readOnly.id, team.developer, 'user');
    const readOnlyEnv = await createEnvironment(t, team.admin.token, readOnly.id, {
      nom: 'Interdit',
      type: 'prod',
    });
    const offered = (await backupsOf(source.id)).environnements_restauration;
    // This application's project first.
    expect(offered[0]).toMatchObject({ projet_id: projectId });
    expect(offered).toContainEqual({
      id: subsidiaryEnv.id,
      nom: 'Production Dakar',
      type: 'prod',
      projet_id: subsidiary.id,
      projet: 'Filiale Dakar',
    });
    expect(offered).toContainEqual(
      expect.objectContaining({ id: staging.id, projet_id: projectId }),
    );
    expect(offered.map((e) => e.id)).not.toContain(readOnlyEnv.id);

    // The restore goes there: a new application in the other project, on hold until restored.
    const res = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: subsidiaryEnv.id, nom: 'Boutique Dakar' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json<{ application: DeploymentView }>().application;
    expect(await deploymentRow(t, created.id)).toMatchObject({
      projectId: subsidiary.id,
      settings: expect.objectContaining({ restorePending: true }),
    });
    await reconcileToStatus(t, created.id, 'RUNNING');
    expect((await settled(created.id)).restaurations[0]).toMatchObject({ statut: 'success' });
  });

  it('refuses read-only members, strangers, a taken name and two targets at once, in French', async () => {
    const body = {
      confirmation: true,
      nouvelle_application: { environment_id: staging.id, nom: 'Copie' },
    };
    expect((await restore(body, team.user.token)).statusCode).toBe(403);
    expect((await restore(body, team.outsider.token)).statusCode).toBe(404);

    const taken = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: staging.id, nom: 'boutique RECETTE' },
    });
    expectDetail(taken, 409, deployMessages.nameTaken);

    const both = await restore({ ...body, application_cible_id: source.id });
    expectDetail(both, 400, backupTexts.oneTargetOnly);

    const noEnv = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: ' ', nom: 'Copie' },
    });
    expectIssue(
      noEnv,
      ['body', 'nouvelle_application', 'environment_id'],
      backupTexts.environmentRequired,
    );
    const noName = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: staging.id, nom: '' },
    });
    expectIssue(noName, ['body', 'nouvelle_application', 'nom'], deployMessages.nameRequired);
  });

  it('needs the developer role in the target project too', async () => {
    const other = await createProject(t, team.admin.token, { nom: 'Filiale' });
    await addMemberWithRole(t, team.admin.token, other.id, team.developer, 'user');
    const env = await createEnvironment(t, team.admin.token, other.id, {
      nom: 'Recette filiale',
      type: 'staging',
    });
    const res = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: env.id, nom: 'Boutique filiale' },
    });
    expect(res.statusCode).toBe(403);
    const outside = await createProject(t, team.outsider.token, { nom: 'Ailleurs' });
    const outsideEnv = await createEnvironment(t, team.outsider.token, outside.id);
    const res404 = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: outsideEnv.id, nom: 'Boutique volée' },
    });
    expect(res404.statusCode).toBe(404);
  });

  it("checks the target project's quota, and creates nothing when it is exceeded", async () => {
    const { env } = await projectWithQuotas(t, team, 0.2, 0.5, 1);
    const res = await restore({
      confirmation: true,
      nouvelle_application: { environment_id: env.id, nom: 'Trop grande' },
    });
    expect(quotaError(res).message).toBe(
      'Ressources du projet insuffisantes pour cette application.',
    );
    const apps = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.developer.token,
    });
    expect(apps.body).not.toContain('Trop grande');
  });
});
