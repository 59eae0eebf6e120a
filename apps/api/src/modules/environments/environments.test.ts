import type {
  Environment,
  EnvironmentConfig,
  EnvironmentStatus,
  Project,
} from '@nuage/shared/api-types';
import { serverDetails, validation } from '@nuage/shared/messages';
import { environmentMessages } from '@nuage/shared/schemas/environments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environments } from '../../db/schema/environments';
import { call } from '../../../test/helpers/factories';
import {
  API,
  applicationIdsOf,
  createEnvironment,
  createProject,
  createTeamProject,
  createTeamUsers,
  expectDetail,
  expectIssue,
  insertApplication,
  settleEngine,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const DEV_OR_ADMIN = 'Action réservée aux développeurs et administrateurs du projet.';
const PROJECT_NOT_FOUND = 'Projet non trouvé';
const NOT_FOUND = 'Environnement non trouvé';
const NAME_TAKEN = 'Un environnement porte déjà ce nom dans ce projet.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DNS_1123_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** Every rule of SPEC §5 "Environment form", with the field it is reported on. */
const formRules = [
  {
    name: 'nom missing',
    body: { type: 'dev' },
    field: 'nom',
    msg: environmentMessages.nomRequired,
  },
  { name: 'nom empty', body: { nom: '', type: 'dev' }, field: 'nom', msg: 'Le nom est requis' },
  { name: 'nom blank', body: { nom: '   ', type: 'dev' }, field: 'nom', msg: 'Le nom est requis' },
  {
    name: 'nom not a string',
    body: { nom: 42, type: 'dev' },
    field: 'nom',
    msg: 'Le nom est requis',
  },
  {
    name: 'nom of 101 characters',
    body: { nom: 'a'.repeat(101), type: 'dev' },
    field: 'nom',
    msg: 'Le nom ne peut pas dépasser 100 caractères',
  },
  {
    name: 'type missing',
    body: { nom: 'Dev' },
    field: 'type',
    msg: environmentMessages.typeRequired,
  },
  {
    name: 'type unknown',
    body: { nom: 'Dev', type: 'qa' },
    field: 'type',
    msg: 'Le type est requis',
  },
];

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
});
afterAll(() => t.close());

const listUrl = (projectId: string) => `${API}/environments/${projectId}/environments`;
const envUrl = (id: string) => `${API}/environments/${id}`;

function expectNamespaceShape(env: Environment) {
  expect(env.namespace_k8s_id).toMatch(DNS_1123_LABEL);
  expect(env.namespace_k8s_id.length).toBeLessThanOrEqual(63);
  expect(env.nom_dossier_git).toBe(`manifests/${env.namespace_k8s_id}`);
}

describe('GET /environments/{projectId}/environments', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(await call(t, 'GET', listUrl(project.id)), 401, serverDetails.notAuthenticated);
  });

  it('answers 404 to a non-member and for an unknown project', async () => {
    const project = await createProject(t, team.admin.token);
    await createEnvironment(t, team.admin.token, project.id);
    for (const id of [project.id, UNKNOWN_ID, 'pas-un-id']) {
      expectDetail(
        await call(t, 'GET', listUrl(id), { token: team.outsider.token }),
        404,
        PROJECT_NOT_FOUND,
      );
    }
  });

  it("lists the project's environments only, oldest first, to every member", async () => {
    const { project } = await createTeamProject(t, team);
    const other = await createProject(t, team.admin.token);
    await createEnvironment(t, team.admin.token, other.id, { nom: 'Ailleurs' });
    const dev = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Dev',
      type: 'dev',
    });
    const prod = await createEnvironment(t, team.developer.token, project.id, {
      nom: 'Prod',
      type: 'prod',
    });
    await insertApplication(t, { projectId: project.id, environmentId: prod.id });
    for (const who of [team.admin, team.developer, team.user]) {
      const res = await call(t, 'GET', `${listUrl(project.id)}/`, { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<Environment[]>()).toEqual([dev, { ...prod, applications_count: 1 }]);
    }
  });
});

describe('POST /environments/{projectId}/environments', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const res = await call(t, 'POST', listUrl(project.id), { body: { nom: 'Dev', type: 'dev' } });
    expectDetail(res, 401, serverDetails.notAuthenticated);
  });

  it.each(formRules)(
    'answers 422 when $name, and creates nothing',
    async ({ body, field, msg }) => {
      const project = await createProject(t, team.admin.token);
      const res = await call(t, 'POST', listUrl(project.id), { token: team.admin.token, body });
      expectIssue(res, ['body', field], msg);
      expect(
        (await call(t, 'GET', listUrl(project.id), { token: team.admin.token })).json(),
      ).toEqual([]);
    },
  );

  it('answers 403 to a user, and creates nothing', async () => {
    const { project } = await createTeamProject(t, team);
    const res = await call(t, 'POST', listUrl(project.id), {
      token: team.user.token,
      body: { nom: 'Dev', type: 'dev' },
    });
    expectDetail(res, 403, DEV_OR_ADMIN);
    expect((await call(t, 'GET', listUrl(project.id), { token: team.admin.token })).json()).toEqual(
      [],
    );
  });

  it('answers 404 to a non-member and for an unknown project', async () => {
    const project = await createProject(t, team.admin.token);
    for (const id of [project.id, UNKNOWN_ID]) {
      const res = await call(t, 'POST', listUrl(id), {
        token: team.outsider.token,
        body: { nom: 'Dev', type: 'dev' },
      });
      expectDetail(res, 404, PROJECT_NOT_FOUND);
    }
  });

  it.each(['dev', 'staging', 'preproduction', 'prod'] as const)(
    'creates a %s environment with its namespace and manifests folder',
    async (type) => {
      const { project } = await createTeamProject(t, team, { nom: 'Boutique' });
      const res = await call(t, 'POST', `${listUrl(project.id)}/`, {
        token: team.developer.token,
        body: { nom: `  Mon ${type}  `, type },
      });
      expect(res.statusCode, res.body).toBe(201);
      const env = res.json<Environment>();
      expect(env).toEqual({
        id: expect.any(String),
        nom: `Mon ${type}`,
        type,
        projet_id: project.id,
        namespace_k8s_id: expect.any(String),
        nom_dossier_git: expect.any(String),
        date_creation: expect.any(String),
        status: { status: 'pending', message: null, gitlab_config: { created: false } },
        applications_count: 0,
        apercu: null,
      });
      expectNamespaceShape(env);
      expect(env.namespace_k8s_id).toMatch(/^env-boutique-mon-/);
      const project2 = await call(t, 'GET', `${API}/projects/${project.id}`, {
        token: team.admin.token,
      });
      expect(project2.json<Project>().environments_count).toBe(1);
    },
  );

  it('accepts a name of exactly 100 characters', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id, { nom: 'é'.repeat(100) });
    expect(env.nom).toBe('é'.repeat(100));
    expectNamespaceShape(env);
  });

  it('refuses a name already used in the project, whatever its case (409)', async () => {
    const project = await createProject(t, team.admin.token);
    await createEnvironment(t, team.admin.token, project.id, { nom: 'Production' });
    for (const nom of ['Production', 'PRODUCTION', 'production', ' production ']) {
      const res = await call(t, 'POST', listUrl(project.id), {
        token: team.admin.token,
        body: { nom, type: 'staging' },
      });
      expectDetail(res, 409, NAME_TAKEN);
    }
    expect(
      (await call(t, 'GET', listUrl(project.id), { token: team.admin.token })).json<
        Environment[]
      >(),
    ).toHaveLength(1);
  });

  it('lets another project reuse the name, with its own namespace', async () => {
    const a = await createProject(t, team.admin.token, { nom: 'Même nom' });
    const b = await createProject(t, team.admin.token, { nom: 'Même nom' });
    const envA = await createEnvironment(t, team.admin.token, a.id, { nom: 'Prod' });
    const envB = await createEnvironment(t, team.admin.token, b.id, { nom: 'Prod' });
    expect(envA.namespace_k8s_id).not.toBe(envB.namespace_k8s_id);
    expect(envA.nom_dossier_git).not.toBe(envB.nom_dossier_git);
  });

  it('derives a valid, unique namespace from hostile project and environment names', async () => {
    const hostile = [
      'Élève Été — déploiement',
      '🚀🔥💥',
      `"; kubectl delete ns default; echo '`,
      '../../etc/passwd',
      '$(rm -rf /)',
      '-leading-and-trailing-',
      '123 commence par un chiffre',
      'ÇA VA ÊTRE À LA MAISON',
      'x'.repeat(100),
      '   ',
      '中文名字',
      'a--b__c..d',
      'Ⅻ ﬁ ß Ø ı',
    ];
    const seen = new Set<string>();
    for (const projectName of [hostile[0]!, hostile[1]!, hostile[2]!, 'y'.repeat(100)]) {
      const project = await createProject(t, team.admin.token, {
        nom: projectName.trim() || 'vide',
      });
      for (const [i, nom] of hostile.entries()) {
        const name = nom.trim() ? nom : `vide ${i}`;
        const env = await createEnvironment(t, team.admin.token, project.id, { nom: name });
        expect(env.nom).toBe(name.trim());
        expectNamespaceShape(env);
        expect(seen.has(env.namespace_k8s_id)).toBe(false);
        seen.add(env.namespace_k8s_id);
      }
    }
    // Identical project and environment names still get distinct namespaces.
    const twins: string[] = [];
    for (let i = 0; i < 5; i++) {
      const project = await createProject(t, team.admin.token, { nom: '🚀' });
      twins.push(
        (await createEnvironment(t, team.admin.token, project.id, { nom: '🚀' })).namespace_k8s_id,
      );
    }
    expect(new Set(twins).size).toBe(5);
  });

  it('refuses names with line breaks or control characters', async () => {
    const project = await createProject(t, team.admin.token);
    const res = await call(t, 'POST', `/api/v1/environments/${project.id}/environments`, {
      token: team.admin.token,
      body: { nom: 'tab\there\nnewline', type: 'dev' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'nom'], msg: validation.controlCharacters }),
    ]);
  });
});

describe('GET /environments/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    expectDetail(await call(t, 'GET', envUrl(env.id)), 401, serverDetails.notAuthenticated);
  });

  it("answers 404 for another tenant's environment, an unknown id and a malformed id", async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    for (const id of [env.id, UNKNOWN_ID, 'abc']) {
      expectDetail(
        await call(t, 'GET', envUrl(id), { token: team.outsider.token }),
        404,
        NOT_FOUND,
      );
    }
  });

  it('shows the environment to every member', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id);
    await insertApplication(t, { projectId: project.id, environmentId: env.id });
    for (const who of [team.admin, team.developer, team.user]) {
      const res = await call(t, 'GET', `${envUrl(env.id)}/`, { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<Environment>()).toEqual({ ...env, applications_count: 1 });
    }
  });
});

describe('PUT /environments/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    expectDetail(
      await call(t, 'PUT', envUrl(env.id), { body: { nom: 'X', type: 'dev' } }),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it.each(formRules)(
    'answers 422 when $name, and changes nothing',
    async ({ body, field, msg }) => {
      const project = await createProject(t, team.admin.token);
      const env = await createEnvironment(t, team.admin.token, project.id);
      expectIssue(
        await call(t, 'PUT', envUrl(env.id), { token: team.admin.token, body }),
        ['body', field],
        msg,
      );
      expect((await call(t, 'GET', envUrl(env.id), { token: team.admin.token })).json()).toEqual(
        env,
      );
    },
  );

  it('answers 403 to a user and 404 to a non-member, and changes nothing', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id);
    const body = { nom: 'Renommé', type: 'dev' };
    expectDetail(
      await call(t, 'PUT', envUrl(env.id), { token: team.user.token, body }),
      403,
      DEV_OR_ADMIN,
    );
    expectDetail(
      await call(t, 'PUT', envUrl(env.id), { token: team.outsider.token, body }),
      404,
      NOT_FOUND,
    );
    expectDetail(
      await call(t, 'PUT', envUrl(UNKNOWN_ID), { token: team.admin.token, body }),
      404,
      NOT_FOUND,
    );
    expect((await call(t, 'GET', envUrl(env.id), { token: team.admin.token })).json()).toEqual(env);
  });

  it('renames and retypes the environment; its namespace and folder never change', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Recette',
      type: 'staging',
    });
    const res = await call(t, 'PUT', `${envUrl(env.id)}/`, {
      token: team.developer.token,
      body: { nom: 'Pré-prod', type: 'preproduction' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Environment>()).toEqual({ ...env, nom: 'Pré-prod', type: 'preproduction' });
    // Changing only the case of its own name is allowed.
    const recased = await call(t, 'PUT', envUrl(env.id), {
      token: team.admin.token,
      body: { nom: 'PRÉ-PROD', type: 'preproduction' },
    });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it("refuses to take another environment's name in the project (409)", async () => {
    const project = await createProject(t, team.admin.token);
    await createEnvironment(t, team.admin.token, project.id, { nom: 'Prod' });
    const dev = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Dev',
      type: 'dev',
    });
    expectDetail(
      await call(t, 'PUT', envUrl(dev.id), {
        token: team.admin.token,
        body: { nom: 'prod', type: 'dev' },
      }),
      409,
      NAME_TAKEN,
    );
    expect(
      (await call(t, 'GET', envUrl(dev.id), { token: team.admin.token })).json<Environment>().nom,
    ).toBe('Dev');
  });
});

describe('DELETE /environments/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    expectDetail(await call(t, 'DELETE', envUrl(env.id)), 401, serverDetails.notAuthenticated);
  });

  it('answers 403 to a user and 404 to a non-member, and the environment stays', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id);
    expectDetail(
      await call(t, 'DELETE', envUrl(env.id), { token: team.user.token }),
      403,
      DEV_OR_ADMIN,
    );
    expectDetail(
      await call(t, 'DELETE', envUrl(env.id), { token: team.outsider.token }),
      404,
      NOT_FOUND,
    );
    expectDetail(
      await call(t, 'DELETE', envUrl('abc'), { token: team.admin.token }),
      404,
      NOT_FOUND,
    );
    expect((await call(t, 'GET', envUrl(env.id), { token: team.admin.token })).statusCode).toBe(
      200,
    );
  });

  it('deletes the environment and its applications only', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id, { nom: 'Prod' });
    const kept = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Dev',
      type: 'dev',
    });
    await insertApplication(t, { projectId: project.id, environmentId: env.id, cpu: 1 });
    await insertApplication(t, { projectId: project.id, environmentId: env.id, cpu: 1 });
    const keptApp = await insertApplication(t, {
      projectId: project.id,
      environmentId: kept.id,
      cpu: 0.5,
    });

    const res = await call(t, 'DELETE', `${envUrl(env.id)}/`, { token: team.developer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Environnement supprimé avec succès !' });

    // Gone for callers at once, and its applications no longer count against the project.
    expectDetail(await call(t, 'GET', envUrl(env.id), { token: team.admin.token }), 404, NOT_FOUND);
    for (const suffix of ['status', 'config']) {
      expectDetail(
        await call(t, 'GET', `${envUrl(env.id)}/${suffix}`, { token: team.admin.token }),
        404,
        NOT_FOUND,
      );
    }
    const listed = await call(t, 'GET', listUrl(project.id), { token: team.admin.token });
    expect(listed.json<Environment[]>().map((e) => e.id)).toEqual([kept.id]);
    const after = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: team.admin.token,
    });
    expect(after.json<Project>()).toMatchObject({
      environments_count: 1,
      applications_count: 1,
      usage: { cpu: 0.5 },
    });

    // Once the engine has removed them from the runtime, their rows are gone too.
    await settleEngine(t);
    expect(await applicationIdsOf(t, 'environmentId', env.id)).toEqual([]);
    expect(await applicationIdsOf(t, 'projectId', project.id)).toEqual([keptApp]);
    expect(
      await t.database.db.select().from(environments).where(eq(environments.id, env.id)),
    ).toEqual([]);
    // The freed name can be used again.
    await createEnvironment(t, team.admin.token, project.id, { nom: 'Prod' });
    expectDetail(
      await call(t, 'DELETE', envUrl(env.id), { token: team.admin.token }),
      404,
      NOT_FOUND,
    );
  });

  it('frees the name of an environment being deleted at once, while its applications are removed', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id, { nom: 'Prod' });
    await insertApplication(t, { projectId: project.id, environmentId: env.id });
    expect((await call(t, 'DELETE', envUrl(env.id), { token: team.admin.token })).statusCode).toBe(
      200,
    );

    // The old environment is still being removed by the engine, yet its name is free.
    const again = await createEnvironment(t, team.admin.token, project.id, { nom: 'prod' });
    expect(again.id).not.toBe(env.id);
    const [old] = await t.database.db
      .select()
      .from(environments)
      .where(eq(environments.id, env.id));
    expect(old?.status).toBe('deleting');

    // Two live environments still can't share a name.
    const other = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Dev',
      type: 'dev',
    });
    const renamed = await call(t, 'PUT', envUrl(other.id), {
      token: team.admin.token,
      body: { nom: 'PROD', type: 'dev' },
    });
    expect(renamed.statusCode).toBe(409);

    await settleEngine(t);
    const [gone] = await t.database.db
      .select()
      .from(environments)
      .where(eq(environments.id, env.id));
    expect(gone).toBeUndefined();
  });
});

describe('GET /environments/{id}/status and /config', () => {
  it('answer 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    expectDetail(
      await call(t, 'GET', `${envUrl(env.id)}/status`),
      401,
      serverDetails.notAuthenticated,
    );
    expectDetail(
      await call(t, 'GET', `${envUrl(env.id)}/config`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answer 404 to a non-member and for an unknown environment', async () => {
    const project = await createProject(t, team.admin.token);
    const env = await createEnvironment(t, team.admin.token, project.id);
    for (const suffix of ['status', 'config']) {
      expectDetail(
        await call(t, 'GET', `${envUrl(env.id)}/${suffix}`, { token: team.outsider.token }),
        404,
        NOT_FOUND,
      );
      expectDetail(
        await call(t, 'GET', `${envUrl(UNKNOWN_ID)}/${suffix}`, { token: team.admin.token }),
        404,
        NOT_FOUND,
      );
    }
  });

  it('status answers {status, gitlab_config: {created}} and follows what the engine records', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id);
    const res = await call(t, 'GET', `${envUrl(env.id)}/status`, { token: team.user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json<EnvironmentStatus>()).toEqual({
      status: 'pending',
      message: null,
      gitlab_config: { created: false },
    });

    await t.database.db
      .update(environments)
      .set({ status: 'active', manifestsWrittenAt: new Date() })
      .where(eq(environments.id, env.id));
    const active = await call(t, 'GET', `${envUrl(env.id)}/status/`, { token: team.user.token });
    expect(active.json<EnvironmentStatus>()).toEqual({
      status: 'active',
      message: null,
      gitlab_config: { created: true },
    });
  });

  it("config answers the environment's namespace, quota and labels", async () => {
    const { project } = await createTeamProject(t, team, {
      quota_cpu: 2.5,
      quota_ram: 6,
      quota_stockage: 40,
    });
    const env = await createEnvironment(t, team.admin.token, project.id, { type: 'staging' });
    const res = await call(t, 'GET', `${envUrl(env.id)}/config`, { token: team.user.token });
    expect(res.statusCode).toBe(200);
    const config = res.json<EnvironmentConfig>();
    expect(config).toMatchObject({
      environment_id: env.id,
      namespace: env.namespace_k8s_id,
      resource_quota: { cpu: 2.5, ram: 6, stockage: 40 },
      labels: {
        'nuagedeploy.io/project-id': project.id,
        'nuagedeploy.io/environment-id': env.id,
        'nuagedeploy.io/environment-type': 'staging',
      },
    });
    expect(typeof config.runtime).toBe('string');
    expect(config.manifests_path.endsWith(env.nom_dossier_git)).toBe(true);
    // Every label value is a valid Kubernetes label value.
    for (const value of Object.values(config.labels))
      expect(value).toMatch(/^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/);
  });
});
