import type { Environment } from '@nuage/shared/api-types';
import type { PreviewsOfApplication } from '@nuage/shared/schemas/responses/previews';
import { previewEventTexts } from '@nuage/shared/messages/previews';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRestores } from '../../db/schema/backups';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import {
  codeTestApp,
  deployCodeApp,
  REPO,
  runBuildToEnd,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import {
  deploymentRow,
  projectWithQuotas,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  githubPullRequest,
  gitlabMergeRequest,
  sendGithubEvent,
  sendGitlabEvent,
} from '../../../test/helpers/pull-requests';
import type { TestApp } from '../../../test/helpers/test-app';
import { backUp, backupsSettled, runningDatabase } from '../../../test/helpers/backup-lists';
import { RESTORE_PENDING } from '../../engine/backup-parts';
import { BackupWorker } from '../backups/worker';

const SHA_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SHA_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const FORK = 'https://git.exemple.sn/inconnu/api.git';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let appId: string;
let secret: string;

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  actif: true,
  cpu: 0.25,
  ram: 0.5,
  delai_suppression_minutes: 0,
  variables: [{ name: 'MODE', value: 'apercu' }],
  ...overrides,
});

async function enablePreviews(id: string, body = settingsBody()) {
  const res = await call(t, 'PUT', `${API}/deployments/${id}/previews`, {
    token: team.admin.token,
    body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewsOfApplication>();
}

async function previewsOf(id = appId) {
  const res = await call(t, 'GET', `${API}/deployments/${id}/previews`, { token: team.user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewsOfApplication>();
}

async function webhookSecret(id: string) {
  const res = await call(t, 'POST', `${API}/deployments/${id}/webhook/secret`, {
    token: team.developer.token,
  });
  return res.json<{ secret: string }>().secret;
}

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  builder.repos.set(FORK, { branches: { correctif: SHA_B } });
  ({ team, env } = await teamWithEnvironment(t));
  appId = (
    await deployCodeApp(t, team.developer.token, env, {
      env_vars: [
        { name: 'DATABASE_URL', value: 'postgres://secret', secret: true },
        { name: 'MODE', value: 'production' },
      ],
    })
  ).id;
  secret = await webhookSecret(appId);
});
afterAll(() => t.close());

describe('preview settings', () => {
  it('are off by default, set by admins only, with French field errors', async () => {
    const initial = await previewsOf();
    expect(initial.parametres.actif).toBe(false);
    expect(initial.apercus).toEqual([]);
    expect(initial.maximum_par_projet).toBe(3);
    const asDeveloper = await call(t, 'PUT', `${API}/deployments/${appId}/previews`, {
      token: team.developer.token,
      body: settingsBody(),
    });
    expect(asDeveloper.statusCode).toBe(403);
    const bad = await call(t, 'PUT', `${API}/deployments/${appId}/previews`, {
      token: team.admin.token,
      body: settingsBody({ delai_suppression_minutes: -1, api_url: 'ftp://x' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Le délai de suppression doit être');
    expect(bad.body).toContain('Adresse de l’API invalide');
    const unknownToken = await call(t, 'PUT', `${API}/deployments/${appId}/previews`, {
      token: team.admin.token,
      body: settingsBody({ jeton_statut_id: randomUUID() }),
    });
    expect(unknownToken.statusCode).toBe(422);
    expect(unknownToken.body).toContain('Ce jeton d’accès n’existe pas dans ce projet.');
    const saved = await enablePreviews(appId);
    expect(saved.parametres).toMatchObject({ actif: true, cpu: 0.25, ram: 0.5 });
    expect(saved.parametres.variables).toEqual([{ name: 'MODE', value: 'apercu', secret: false }]);
  });

  it('a pull request on a disabled application or towards another branch builds nothing', async () => {
    const other = await deployCodeApp(t, team.developer.token, env);
    const otherSecret = await webhookSecret(other.id);
    const off = await sendGithubEvent(
      t,
      other.id,
      otherSecret,
      'pull_request',
      githubPullRequest('opened', { number: 1, head: 'feature', sha: SHA_A }),
    );
    expect(off.statusCode).toBe(202);
    expect(off.json().detail).toContain('les aperçus des pull requests ne sont pas activés');
    const otherBase = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('opened', { number: 2, head: 'feature', sha: SHA_A, base: 'develop' }),
    );
    expect(otherBase.json().detail).toBe(
      'Pull request n° 2 ignorée : elle vise la branche « develop », l’application suit « main ».',
    );
    const labeled = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('labeled', { number: 2, head: 'feature', sha: SHA_A }),
    );
    expect(labeled.json().detail).toContain('l’action « labeled » ne change pas l’aperçu');
    expect((await previewsOf()).apercus).toEqual([]);
  });
});

describe('a pull request from the repository', () => {
  let previewId: string;
  let previewAppId: string;

  it('opened: its own environment, the application of the chosen size, the head commit built with the variables', async () => {
    builder.repos.get(REPO)!.branches['feature'] = SHA_A;
    const delivery = randomUUID();
    const res = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('opened', {
        number: 7,
        head: 'feature',
        sha: SHA_A,
        title: 'Nouvelle page',
      }),
      delivery,
    );
    expect(res.statusCode, res.body).toBe(202);
    const answer = res.json<{ apercu_id: string; build_id: string; detail: string }>();
    expect(answer.detail).toBe(previewEventTexts.opened(7, 'pr-7'));
    previewId = answer.apercu_id;
    const replay = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('opened', { number: 7, head: 'feature', sha: SHA_A }),
      delivery,
    );
    expect(replay.statusCode).toBe(409);

    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, previewId));
    previewAppId = row!.deploymentId!;
    const app = (await deploymentRow(t, previewAppId))!;
    expect(app).toMatchObject({
      cpuMilli: 250,
      ramMb: 500,
      replicas: 1,
      gitBranch: 'feature',
      repoUrl: REPO,
    });
    expect(app.envVars.map((v) => v.name).sort()).toEqual(['DATABASE_URL', 'MODE']);
    expect(app.envVars.find((v) => v.name === 'MODE')).toMatchObject({ value: 'apercu' });
    const build = await runBuildToEnd(t, team.developer.token, answer.build_id);
    expect(build.status).toBe('success');
    expect(builder.requests.at(-1)!.source).toMatchObject({ commitSha: SHA_A, branch: 'feature' });

    const envs = await call(t, 'GET', `${API}/environments/${env.projet_id}/environments`, {
      token: team.user.token,
    });
    const previewEnv = envs.json<Environment[]>().find((e) => e.nom === 'pr-7')!;
    expect(previewEnv.apercu).toEqual({
      application_source_id: appId,
      numero_pr: 7,
      url_pr: 'https://git.exemple.sn/equipe/api/pull/7',
    });
    expect(previewEnv.namespace_k8s_id).not.toBe(env.namespace_k8s_id);

    await reconcileToStatus(t, previewAppId, 'RUNNING');
    const listed = (await previewsOf()).apercus[0]!;
    expect(listed).toMatchObject({
      numero_pr: 7,
      titre: 'Nouvelle page',
      branche: 'feature',
      commit: SHA_A,
      etat: 'ready',
      depuis_fork: false,
      application_id: previewAppId,
    });
    expect(listed.url).not.toBeNull();
    expect((await deploymentRow(t, previewAppId))!.hostLabel).toContain('pr-7');
    expect(listed.cout_mensuel_xof).toBeGreaterThan(0);
    expect((await previewsOf()).ouverts_dans_le_projet).toBe(1);
    // The project's costs count it, and say how much of them previews are.
    const usage = await call(t, 'GET', `${API}/pricing/my-usage`, { token: team.user.token });
    const cost = usage
      .json<{
        projects: { project_id: string; apercus: { nombre: number; cout_mensuel_xof: number } }[];
      }>()
      .projects.find((p) => p.project_id === env.projet_id)!;
    expect(cost.apercus).toEqual({ nombre: 1, cout_mensuel_xof: listed.cout_mensuel_xof });
    // Which branch each environment follows for this repository: the preview is not one.
    const branches = (await previewsOf()).branches_suivies;
    expect(branches.find((b) => b.application_id === appId)).toMatchObject({
      branche: 'main',
      environnement_nom: env.nom,
    });
    expect(branches.map((b) => b.application_id)).not.toContain(previewAppId);
  });

  it('new commits rebuild it, once per commit', async () => {
    const res = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('synchronize', { number: 7, head: 'feature', sha: SHA_B }),
    );
    const answer = res.json<{ build_id: string; detail: string }>();
    expect(answer.detail).toBe(previewEventTexts.updated(7, SHA_B));
    await runBuildToEnd(t, team.developer.token, answer.build_id);
    expect(builder.requests.at(-1)!.source.commitSha).toBe(SHA_B);
    const again = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('synchronize', { number: 7, head: 'feature', sha: SHA_B }),
    );
    expect(again.json()).toMatchObject({ build_id: null });
    expect(again.json().detail).toContain('a déjà été construit');
  });

  it('closed: the environment and the application are deleted, then the preview row', async () => {
    const res = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('closed', { number: 7, head: 'feature', sha: SHA_B }),
    );
    expect(res.json().detail).toBe(previewEventTexts.closed(7));
    expect((await previewsOf()).apercus[0]!.etat).toBe('closing');
    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, previewId));
    const envId = row!.environmentId!;
    await reconcileUntil(t, async () => {
      await t.app.previewWorker.pass();
      const [gone] = await t.database.db
        .select()
        .from(environments)
        .where(eq(environments.id, envId));
      const [app] = await t.database.db
        .select()
        .from(deployments)
        .where(eq(deployments.id, previewAppId));
      const [preview] = await t.database.db
        .select()
        .from(previews)
        .where(eq(previews.id, previewId));
      return !gone && !app && !preview;
    });
    expect((await previewsOf()).apercus).toEqual([]);
    const source = await deploymentRow(t, appId);
    expect(source!.events.map((e) => e.message)).toContain(previewEventTexts.deleted(7));
  });
});

describe('limits', () => {
  it('a fork builds without the project’s variables until an admin approves it', async () => {
    const res = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('opened', {
        number: 9,
        head: 'correctif',
        sha: SHA_B,
        fork: { name: 'inconnu/api', url: FORK },
      }),
    );
    expect(res.statusCode, res.body).toBe(202);
    const { apercu_id: id, build_id: buildId } = res.json<{
      apercu_id: string;
      build_id: string;
    }>();
    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, id));
    const app = (await deploymentRow(t, row!.deploymentId!))!;
    expect(app).toMatchObject({ repoUrl: FORK, gitTokenId: null, envVars: [], buildArgs: {} });
    await runBuildToEnd(t, team.developer.token, buildId);
    const listed = (await previewsOf()).apercus.find((p) => p.id === id)!;
    expect(listed).toMatchObject({ depuis_fork: true, approuve: false });

    const byDeveloper = await call(t, 'POST', `${API}/previews/${id}/approve`, {
      token: team.developer.token,
    });
    expect(byDeveloper.statusCode).toBe(403);
    const approved = await call(t, 'POST', `${API}/previews/${id}/approve`, {
      token: team.admin.token,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approuve: true, etat: 'building' });
    const after = (await deploymentRow(t, row!.deploymentId!))!;
    expect(after.envVars.map((v) => v.name).sort()).toEqual(['DATABASE_URL', 'MODE']);

    const deleted = await call(t, 'DELETE', `${API}/previews/${id}`, {
      token: team.developer.token,
    });
    expect(deleted.statusCode).toBe(204);
    // Its environment handed to the engine, then (once reported) its row.
    await t.app.previewWorker.pass();
    await t.app.previewWorker.pass();
    expect((await previewsOf()).apercus.find((p) => p.id === id)).toBeUndefined();
    const outsider = await call(t, 'DELETE', `${API}/previews/${id}`, {
      token: team.outsider.token,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('past PREVIEWS_PER_PROJECT, or past the quota, a preview is refused in French (GitLab too)', async () => {
    const { project: small, env: smallEnv } = await projectWithQuotas(t, team, 1.2, 2, 100);
    const small1 = await deployCodeApp(t, team.developer.token, smallEnv, { cpu: 1, ram: 1 });
    await enablePreviews(small1.id, settingsBody({ cpu: 0.5 }));
    const smallSecret = await webhookSecret(small1.id);
    const res = await sendGitlabEvent(
      t,
      small1.id,
      smallSecret,
      gitlabMergeRequest('open', { number: 3, head: 'feature', sha: SHA_A }),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().detail).toContain('Aperçu refusé : il dépasserait le quota du projet.');
    const listed = (await previewsOf(small1.id)).apercus[0]!;
    expect(listed).toMatchObject({ etat: 'refused', fournisseur: 'gitlab', application_id: null });
    expect(listed.message).toContain('quota');
    const envs = await call(t, 'GET', `${API}/environments/${small.id}/environments`, {
      token: team.admin.token,
    });
    expect(envs.json<Environment[]>().map((e) => e.nom)).toEqual([smallEnv.nom]);

    // The first project: three previews at most (PREVIEWS_PER_PROJECT's default).
    for (const n of [20, 21, 22]) {
      const opened = await sendGithubEvent(
        t,
        appId,
        secret,
        'pull_request',
        githubPullRequest('opened', { number: n, head: 'feature', sha: SHA_A }),
      );
      expect(opened.json().detail).toBe(previewEventTexts.opened(n, `pr-${n}`));
    }
    const fourth = await sendGithubEvent(
      t,
      appId,
      secret,
      'pull_request',
      githubPullRequest('opened', { number: 23, head: 'feature', sha: SHA_A }),
    );
    expect(fourth.json().detail).toBe(previewEventTexts.tooMany(3));
  });

  it('a database linked to the application: each preview gets its own, empty, under the same variable', async () => {
    const { env: dbEnv } = await projectWithQuotas(t, team, 4, 8, 100);
    const linked = await deployCodeApp(t, team.developer.token, dbEnv);
    const db = await call(t, 'POST', `${API}/environments/${dbEnv.id}/databases`, {
      token: team.developer.token,
      body: { nom: 'catalogue', moteur: 'postgresql', cpu: 0.5, ram: 1, storage: 5 },
    });
    expect(db.statusCode, db.body).toBe(201);
    const link = await call(t, 'POST', `${API}/databases/${db.json<{ id: string }>().id}/links`, {
      token: team.developer.token,
      body: { application_id: linked.id, variable: 'CATALOGUE_URL' },
    });
    expect(link.statusCode, link.body).toBeLessThan(300);
    await enablePreviews(linked.id);
    const res = await sendGithubEvent(
      t,
      linked.id,
      await webhookSecret(linked.id),
      'pull_request',
      githubPullRequest('opened', { number: 5, head: 'feature', sha: SHA_A }),
    );
    const { apercu_id: id } = res.json<{ apercu_id: string }>();
    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, id));
    const inPreview = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.environmentId, row!.environmentId!));
    const copy = inPreview.find((d) => d.category === 'DATABASE')!;
    expect(copy).toMatchObject({
      nom: 'catalogue',
      template: 'postgresql',
      cpuMilli: 250,
      storageMb: 1000,
    });
    expect(copy.id).not.toBe(db.json<{ id: string }>().id);
    const links = await t.database.db
      .select()
      .from(databaseLinks)
      .where(eq(databaseLinks.applicationId, row!.deploymentId!));
    expect(links).toEqual([
      expect.objectContaining({ databaseId: copy.id, variable: 'CATALOGUE_URL' }),
    ]);
  });

  it('« sauvegarde »: the preview’s database is restored from the latest backup of the application’s', async () => {
    const { env: dbEnv } = await projectWithQuotas(t, team, 4, 8, 100);
    const linked = await deployCodeApp(t, team.developer.token, dbEnv);
    const db = await runningDatabase(t, team.developer.token, {
      envId: dbEnv.id,
      nom: 'commandes',
      moteur: 'postgresql',
    });
    await call(t, 'POST', `${API}/databases/${db.id}/links`, {
      token: team.developer.token,
      body: { application_id: linked.id },
    });
    const backup = await backUp(t, team.developer.token, db.id);
    await enablePreviews(linked.id, settingsBody({ bases_de_donnees: 'sauvegarde' }));
    const res = await sendGithubEvent(
      t,
      linked.id,
      await webhookSecret(linked.id),
      'pull_request',
      githubPullRequest('opened', { number: 6, head: 'feature', sha: SHA_A }),
    );
    const { apercu_id: id } = res.json<{ apercu_id: string }>();
    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, id));
    const [copy] = await t.database.db
      .select()
      .from(deployments)
      .where(
        and(
          eq(deployments.environmentId, row!.environmentId!),
          eq(deployments.category, 'DATABASE'),
        ),
      );
    // Held until its data is back; the backup worker's next pass restores it.
    expect(copy!.settings[RESTORE_PENDING]).toBe(true);
    const worker = new BackupWorker(t.app.ctx, { jobs: t.app.backupJobs });
    await worker.tick();
    // The restore waits for the copy's server to answer: the engine starts it meanwhile.
    await reconcileUntil(
      t,
      async () =>
        (
          await t.database.db
            .select()
            .from(backupRestores)
            .where(eq(backupRestores.targetDeploymentId, copy!.id))
        ).every((r) => r.status !== 'running'),
      { timeoutMs: 20_000 },
    );
    const restored = await backupsSettled(t, team.developer.token, copy!.id);
    expect(restored.restaurations).toEqual([
      expect.objectContaining({ sauvegarde_id: backup.id, statut: 'success' }),
    ]);
    expect((await deploymentRow(t, copy!.id))!.settings[RESTORE_PENDING]).toBeFalsy();
    const app = (await deploymentRow(t, row!.deploymentId!))!;
    expect(app.events.map((e) => e.message)).toContain(previewEventTexts.restoring('commandes'));

    // A fork's request never gets the application's data: an empty database.
    const fork = await sendGithubEvent(
      t,
      linked.id,
      await webhookSecret(linked.id),
      'pull_request',
      githubPullRequest('opened', {
        number: 16,
        head: 'correctif',
        sha: SHA_B,
        fork: { name: 'inconnu/api', url: FORK },
      }),
    );
    const [forkRow] = await t.database.db
      .select()
      .from(previews)
      .where(eq(previews.id, fork.json<{ apercu_id: string }>().apercu_id));
    const [forkCopy] = await t.database.db
      .select()
      .from(deployments)
      .where(
        and(
          eq(deployments.environmentId, forkRow!.environmentId!),
          eq(deployments.category, 'DATABASE'),
        ),
      );
    expect(forkCopy!.settings[RESTORE_PENDING]).toBeUndefined();
    const pending = await t.database.db
      .select()
      .from(backupRestores)
      .where(eq(backupRestores.targetDeploymentId, forkCopy!.id));
    expect(pending).toEqual([]);
    const forkApp = (await deploymentRow(t, forkRow!.deploymentId!))!;
    expect(forkApp.events.map((e) => e.message)).toContain(
      previewEventTexts.forkEmptyDatabase('commandes'),
    );
  });

  it('a preview idle for the settings’ hours is stopped (its environment deleted); « Relancer » makes it again', async () => {
    const { env: idleEnv } = await projectWithQuotas(t, team, 4, 8, 100);
    const idleApp = await deployCodeApp(t, team.developer.token, idleEnv);
    await enablePreviews(idleApp.id, settingsBody({ arret_inactivite_heures: 2 }));
    const res = await sendGithubEvent(
      t,
      idleApp.id,
      await webhookSecret(idleApp.id),
      'pull_request',
      githubPullRequest('opened', { number: 8, head: 'feature', sha: SHA_A }),
    );
    const { apercu_id: id, build_id: buildId } = res.json<{
      apercu_id: string;
      build_id: string;
    }>();
    await runBuildToEnd(t, team.developer.token, buildId);
    const [before] = await t.database.db.select().from(previews).where(eq(previews.id, id));
    const inAnHour = new Date(Date.now() + 3600_000);
    // Not idle long enough: looked at again later, nothing stopped.
    await t.database.db
      .update(previews)
      .set({ idleCheckAt: new Date() })
      .where(eq(previews.id, id));
    await t.app.previewWorker.pass(inAnHour);
    const [still] = await t.database.db.select().from(previews).where(eq(previews.id, id));
    expect(still!.state).toBe('open');
    expect(still!.idleCheckAt!.getTime()).toBeGreaterThan(inAnHour.getTime());

    await t.app.previewWorker.pass(new Date(Date.now() + 3 * 3600_000));
    const listed = (await previewsOf(idleApp.id)).apercus[0]!;
    expect(listed).toMatchObject({ etat: 'stopped', application_id: null, environnement_id: null });
    expect(listed.message).toBe(previewEventTexts.stoppedIdle(8, 2));
    const [env] = await t.database.db
      .select()
      .from(environments)
      .where(eq(environments.id, before!.environmentId!));
    expect(env!.status).toBe('deleting');

    const byUser = await call(t, 'POST', `${API}/previews/${id}/start`, { token: team.user.token });
    expect(byUser.statusCode).toBe(403);
    const restarted = await call(t, 'POST', `${API}/previews/${id}/start`, {
      token: team.developer.token,
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json()).toMatchObject({ etat: 'building', commit: SHA_A });
    expect(restarted.json().environnement_id).not.toBe(before!.environmentId);
    const again = await call(t, 'POST', `${API}/previews/${id}/start`, {
      token: team.developer.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Cet aperçu n’est pas arrêté.');
  });

  it('deleting the application deletes its previews’ environments', async () => {
    const before = await t.database.db
      .select()
      .from(previews)
      .where(eq(previews.sourceDeploymentId, appId));
    const envIds = before.map((p) => p.environmentId).filter((id): id is string => id !== null);
    expect(envIds.length).toBeGreaterThan(0);
    const res = await call(t, 'DELETE', `${API}/deployments/deployment/${appId}`, {
      token: team.developer.token,
    });
    expect(res.statusCode).toBeLessThan(300);
    const rows = await t.database.db
      .select()
      .from(environments)
      .where(eq(environments.projectId, env.projet_id));
    for (const id of envIds) expect(rows.find((r) => r.id === id)?.status).toBe('deleting');
  });
});
