import type { Environment, Project } from '@nuage/shared/api-types';
import { adminAccessTexts } from '@nuage/shared/admin-access';
import { databaseTexts } from '@nuage/shared/messages/databases';
import { quotaErrorTexts } from '@nuage/shared/messages/projects';
import type {
  DatabaseCredentials,
  DatabaseResource,
} from '@nuage/shared/schemas/responses/databases';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { backups } from '../../db/schema/backups';
import { metricMonitors } from '../../db/schema/metrics';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  expectDetail,
  expectIssue,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deploymentRow,
  projectWithQuotas,
  quotaError,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
  usageOf,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, project, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const create = (token: string, envId: string, body: Record<string, unknown>) =>
  call(t, 'POST', `${API}/environments/${envId}/databases`, { token, body });
const dbBody = (overrides: Record<string, unknown> = {}) => ({
  nom: 'clients',
  moteur: 'postgresql',
  cpu: 0.5,
  ram: 1,
  storage: 5,
  ...overrides,
});
async function createDb(
  overrides: Record<string, unknown> = {},
  envId = env.id,
): Promise<DatabaseResource> {
  const res = await create(team.developer.token, envId, dbBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DatabaseResource>();
}
const reveal = (id: string, token: string, mot_de_passe: string) =>
  call(t, 'POST', `${API}/databases/${id}/credentials/reveal`, { token, body: { mot_de_passe } });
const regenerate = (id: string, token: string, mot_de_passe: string) =>
  call(t, 'POST', `${API}/databases/${id}/credentials/regenerate`, {
    token,
    body: { mot_de_passe },
  });
async function imageApp(nom: string, envId = env.id): Promise<string> {
  const res = await call(t, 'POST', `${API}/deployments/${envId}/deploy/image`, {
    token: team.developer.token,
    body: { nom, image: 'docker.io/library/node:20', port: 3000, cpu: 0.2, ram: 0.5, replicas: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
/** The application's spec as its runtime gets it (the engine's one way to build it). */
async function specEnvOf(appId: string) {
  const row = (await deploymentRow(t, appId))!;
  const spec = await t.app.engine.specs.ofApplication(row);
  return { env: spec.app.env, secrets: spec.secretData };
}

describe('databases of an environment', () => {
  it('refuses bad input in French, and roles below developer', async () => {
    expect((await call(t, 'POST', `${API}/environments/${env.id}/databases`)).statusCode).toBe(401);
    expectIssue(
      await create(team.developer.token, env.id, dbBody({ moteur: 'mongodb' })),
      ['body', 'moteur'],
      databaseTexts.engineRequired,
    );
    expectIssue(
      await create(team.developer.token, env.id, dbBody({ nom: 'Clients Prod' })),
      ['body', 'nom'],
      databaseTexts.nameInvalid,
    );
    expectIssue(
      await create(team.developer.token, env.id, dbBody({ version: '9.6' })),
      ['body', 'version'],
      databaseTexts.versionUnavailable('PostgreSQL', ['16']),
    );
    expect((await create(team.user.token, env.id, dbBody())).statusCode).toBe(403);
    expect((await create(team.outsider.token, env.id, dbBody())).statusCode).toBe(404);
  });

  it('counts a database in the project quota and refuses one that does not fit, in French', async () => {
    // 2 cores, 4 GB, 30 GB: a database of 1 core / 2 GB / 10 GB leaves 1 core.
    const small = await projectWithQuotas(t, team, 2, 4, 30);
    const before = await usageOf(t, team, small.project);
    const db = await createDb({ nom: 'quota-a', cpu: 1, ram: 2, storage: 10 }, small.env.id);
    expect(db).toMatchObject({
      moteur: 'postgresql',
      version: '16',
      hote: 'quota-a',
      port: 5432,
      utilisateur: 'app',
      base: 'app',
      chaine_connexion: 'postgres://app:********@quota-a:5432/app',
      statut_deploiement: 'PENDING',
    });
    const after = await usageOf(t, team, small.project);
    expect(after.cpu).toBeCloseTo(before.cpu + 1);
    expect(after.ram).toBeCloseTo(before.ram + 2);
    expect(after.stockage).toBeCloseTo(before.stockage + 10);

    const refused = quotaError(
      await create(
        team.developer.token,
        small.env.id,
        dbBody({ nom: 'quota-b', cpu: 1.5, ram: 1 }),
      ),
    );
    expect(refused.message).toBe(quotaErrorTexts.message);
    expect(refused.quota_exceeded).toEqual([
      'CPU : 1,5 core(s) demandé(s), 1 core(s) disponible(s) sur 2',
    ]);

    // Growing CPU past the quota is refused too; storage never shrinks.
    expect(
      quotaError(
        await call(t, 'PUT', `${API}/databases/${db.id}/resources`, {
          token: team.developer.token,
          body: { cpu: 4 },
        }),
      ).message,
    ).toBe(quotaErrorTexts.message);
    expectIssue(
      await call(t, 'PUT', `${API}/databases/${db.id}/resources`, {
        token: team.developer.token,
        body: { storage: 5 },
      }),
      ['body', 'storage'],
      databaseTexts.storageShrink(10),
    );
    const grown = await call(t, 'PUT', `${API}/databases/${db.id}/resources`, {
      token: team.developer.token,
      body: { storage: 12, cpu: 0.5 },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json<DatabaseResource>()).toMatchObject({ stockage_requis: 12, cpu_requis: 0.5 });

    expect(
      (await call(t, 'DELETE', `${API}/databases/${db.id}`, { token: team.user.token })).statusCode,
    ).toBe(403);
    const deleted = await call(t, 'DELETE', `${API}/databases/${db.id}`, {
      token: team.developer.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(202);
  });

  it('runs in the simulation as RUNNING without any address, and is listed apart from applications', async () => {
    const db = await createDb({ nom: 'listee', moteur: 'redis' });
    expect(db).toMatchObject({
      hote: 'listee',
      port: 6379,
      utilisateur: null,
      base: null,
      chaine_connexion: 'redis://default:********@listee:6379/0',
    });
    await reconcileToStatus(t, db.id, 'RUNNING');
    expect((await deploymentRow(t, db.id))!.applicationUrl).toBeNull();
    const list = await call(t, 'GET', `${API}/environments/${env.id}/databases`, {
      token: team.user.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<DatabaseResource[]>().map((d) => d.nom)).toContain('listee');
    const apps = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.user.token,
    });
    expect(apps.json<{ nom: string }[]>().map((a) => a.nom)).not.toContain('listee');
    // Not an application's page either.
    expect(
      (await call(t, 'GET', `${API}/deployments/deployment/${db.id}`, { token: team.user.token }))
        .statusCode,
    ).toBe(404);
    // Counted as a resource, not as an application.
    const environment = await call(t, 'GET', `${API}/environments/${env.id}`, {
      token: team.user.token,
    });
    expect(environment.json<{ applications_count: number }>().applications_count).toBe(0);
    const projectView = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: team.user.token,
    });
    expect(projectView.json<{ applications_count: number }>().applications_count).toBe(0);
    expect(projectView.json<{ usage: { ram: number } }>().usage.ram).toBeGreaterThanOrEqual(1);
    const one = await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.user.token });
    expect(one.json<DatabaseResource>().statut_deploiement).toBe('RUNNING');
    expect(
      (await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.outsider.token }))
        .statusCode,
    ).toBe(404);
  });

  it('is sampled like an application: its page reads CPU and memory over time (issue 28)', async () => {
    const db = await createDb({ nom: 'mesuree', moteur: 'postgresql' });
    await reconcileToStatus(t, db.id, 'RUNNING');
    const now = Date.now();
    await t.app.metricsWorker.pass(new Date(now));
    // The first slot falls at a random moment of the interval: make it due now.
    await t.database.db
      .update(metricMonitors)
      .set({ nextSampleAt: new Date(now) })
      .where(eq(metricMonitors.deploymentId, db.id));
    await t.app.metricsWorker.pass(new Date(now));
    const history = await call(
      t,
      'GET',
      `${API}/monitoring/applications/${db.id}/metrics/history?range=1h`,
      { token: team.user.token },
    );
    expect(history.statusCode, history.body).toBe(200);
    const h = history.json<{
      simulated: boolean;
      series: { cpu_milli: number[] };
      limits: { cpu_milli: number };
    }>();
    expect(h.series.cpu_milli).toHaveLength(1);
    expect(h).toMatchObject({ simulated: true, limits: { cpu_milli: 500 } });
    expect(
      (
        await call(t, 'GET', `${API}/monitoring/applications/${db.id}/metrics/history`, {
          token: team.outsider.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('stops and starts: nothing runs while stopped, its reservation stays', async () => {
    const db = await createDb({ nom: 'arretable', moteur: 'redis' });
    await reconcileToStatus(t, db.id, 'RUNNING');
    const post = (action: string, token = team.developer.token) =>
      call(t, 'POST', `${API}/databases/${db.id}/${action}`, { token });
    expect((await post('stop', team.user.token)).statusCode).toBe(403);
    const stopped = await post('stop');
    expect(stopped.statusCode, stopped.body).toBe(202);
    expect(stopped.json()).toEqual({ message: databaseTexts.stopStarted });
    expectDetail(await post('stop'), 409, databaseTexts.alreadyStopped);
    expectDetail(await post('restart'), 409, databaseTexts.stopped);
    await reconcileUntil(t, async () => {
      const view = (
        await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.user.token })
      ).json<DatabaseResource>();
      return view.statut_deploiement === 'STOPPED';
    });
    const row = (await deploymentRow(t, db.id))!;
    expect(row.pods).toEqual([]);
    const usage = await usageOf(t, team, project);
    expect(usage.ram).toBeGreaterThanOrEqual(1);

    expect((await post('start')).statusCode).toBe(202);
    expectDetail(await post('start'), 409, databaseTexts.alreadyStarted);
    await reconcileToStatus(t, db.id, 'RUNNING');
    const view = (
      await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.user.token })
    ).json<DatabaseResource>();
    expect(view).toMatchObject({ statut_deploiement: 'RUNNING', arretee: false });
    expect((await deploymentRow(t, db.id))!.pods.length).toBeGreaterThan(0);
  });

  it('reveals the password to project administrators only, behind their account password', async () => {
    const db = await createDb({ nom: 'secrete' });
    expect((await reveal(db.id, team.user.token, team.user.password)).statusCode).toBe(403);
    expect((await reveal(db.id, team.developer.token, team.developer.password)).statusCode).toBe(
      403,
    );
    expect((await reveal(db.id, team.outsider.token, team.outsider.password)).statusCode).toBe(404);
    expectDetail(
      await reveal(db.id, team.admin.token, 'pas-le-bon'),
      400,
      adminAccessTexts.wrongPassword,
    );

    const res = await reveal(db.id, team.admin.token, team.admin.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const creds = res.json<DatabaseCredentials>();
    expect(creds.mot_de_passe).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(creds.chaine_connexion).toBe(`postgres://app:${creds.mot_de_passe}@secrete:5432/app`);

    // Nowhere else: not in the other answers, not in the logs, not in the audit log.
    const elsewhere = [
      (await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.admin.token })).body,
      (await call(t, 'GET', `${API}/environments/${env.id}/databases`, { token: team.admin.token }))
        .body,
      (
        await call(t, 'GET', `${API}/deployments/deployment/${db.id}`, {
          token: team.admin.token,
        })
      ).body,
    ];
    await reconcileToStatus(t, db.id, 'RUNNING');
    for (const body of elsewhere) expect(body).not.toContain(creds.mot_de_passe);
    expect(t.logs.text).not.toContain(creds.mot_de_passe);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.projectId, project.id));
    expect(audit.filter((e) => e.action === 'database.credentials_reveal')).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(creds.mot_de_passe);
  });

  it('links an application: its runtime gets the connection string as a secret, renewed when the password is regenerated', async () => {
    const db = await createDb({ nom: 'commandes' });
    const cache = await createDb({ nom: 'cache', moteur: 'redis', cpu: 0.1, ram: 0.5, storage: 1 });
    const app = await imageApp('api-commandes');
    const other = await createEnvironment(t, team.admin.token, project.id, { nom: 'recette' });
    const elsewhere = await imageApp('ailleurs', other.id);

    const link = (id: string, body: Record<string, unknown>, token = team.developer.token) =>
      call(t, 'POST', `${API}/databases/${id}/links`, { token, body });
    expect((await link(db.id, { application_id: app }, team.user.token)).statusCode).toBe(403);
    expectIssue(
      await link(db.id, { application_id: elsewhere }),
      ['body', 'application_id'],
      databaseTexts.applicationNotFound,
    );
    expectIssue(
      await link(db.id, { application_id: app, variable: 'database-url' }),
      ['body', 'variable'],
      databaseTexts.variableInvalid,
    );
    const before = (await deploymentRow(t, app))!.generation;
    const linked = await link(db.id, { application_id: app });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<DatabaseResource>().applications_liees).toEqual([
      { application_id: app, application_nom: 'api-commandes', variable: 'DATABASE_URL' },
    ]);
    expect((await deploymentRow(t, app))!.generation).toBe(before + 1);
    expect((await link(cache.id, { application_id: app, variable: 'CACHE_URL' })).statusCode).toBe(
      200,
    );

    const password = async (id: string) =>
      (await reveal(id, team.admin.token, team.admin.password)).json<DatabaseCredentials>();
    const first = await password(db.id);
    const cacheCreds = await password(cache.id);
    let spec = await specEnvOf(app);
    expect(spec.env).toEqual(
      expect.arrayContaining([
        { name: 'DATABASE_URL', secretKey: 'env-DATABASE_URL' },
        { name: 'CACHE_URL', secretKey: 'env-CACHE_URL' },
      ]),
    );
    expect(spec.secrets['env-DATABASE_URL']).toBe(first.chaine_connexion);
    expect(spec.secrets['env-CACHE_URL']).toBe(cacheCreds.chaine_connexion);
    expect(cacheCreds.chaine_connexion).toMatch(
      /^redis:\/\/default:[A-Za-z0-9]{32}@cache:6379\/0$/,
    );
    // The application's variables answer never shows the link's value.
    const vars = await call(t, 'GET', `${API}/deployments/deployment/${app}/env-vars`, {
      token: team.admin.token,
    });
    expect(vars.body).not.toContain(first.mot_de_passe);

    // A linked database cannot be deleted from under its application.
    expectDetail(
      await call(t, 'DELETE', `${API}/databases/${db.id}`, { token: team.developer.token }),
      409,
      databaseTexts.inUse(['« api-commandes »']),
    );
    // Also with a final backup: refused in the request, before any backup is made.
    expectDetail(
      await call(t, 'DELETE', `${API}/databases/${db.id}?sauvegarde_finale=true`, {
        token: team.developer.token,
      }),
      409,
      databaseTexts.inUse(['« api-commandes »']),
    );
    expect(
      await t.database.db.select().from(backups).where(eq(backups.deploymentId, db.id)),
    ).toEqual([]);

    expect(
      (await regenerate(db.id, team.developer.token, team.developer.password)).statusCode,
    ).toBe(403);
    const beforeRegen = (await deploymentRow(t, app))!.generation;
    const regen = await regenerate(db.id, team.admin.token, team.admin.password);
    expect(regen.statusCode, regen.body).toBe(202);
    expect(regen.json()).toEqual({ message: databaseTexts.regenerated });
    const second = await password(db.id);
    expect(second.mot_de_passe).not.toBe(first.mot_de_passe);
    expect((await deploymentRow(t, app))!.generation).toBe(beforeRegen + 1);
    spec = await specEnvOf(app);
    expect(spec.secrets['env-DATABASE_URL']).toBe(second.chaine_connexion);
    // The database's own task sets the new one in the server: a new revision, the new secret.
    const dbRow = (await deploymentRow(t, db.id))!;
    const dbSpec = await t.app.engine.specs.ofApplication(dbRow);
    expect(dbSpec.secretData['db-password']).toBe(second.mot_de_passe);
    expect(dbSpec.setup?.env).toContainEqual({ name: 'NUAGE_PASSWORD_REVISION', value: '1' });
    expect(t.logs.text).not.toContain(second.mot_de_passe);

    const unlinked = await call(t, 'DELETE', `${API}/databases/${db.id}/links/${app}`, {
      token: team.developer.token,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    spec = await specEnvOf(app);
    expect(spec.env.map((v) => v.name)).not.toContain('DATABASE_URL');
    expect(spec.env.map((v) => v.name)).toContain('CACHE_URL');
  });
});
