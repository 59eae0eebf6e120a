import type { Environment } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createProject,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deployApp,
  reconcileToStatus,
  reconcileUntil,
  sleep,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import type { TestApp } from '../../../test/helpers/test-app';

let fake: FakeRuntime;
let t: TestApp;
let team: Team;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
  team = await createTeamUsers(t);
});
afterAll(() => t.close());

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

const folderOf = (env: Environment) => path.join(t.config.dataDir, env.nom_dossier_git);

async function environmentRow(id: string) {
  const [row] = await t.database.db.select().from(environments).where(eq(environments.id, id));
  return row;
}

/** An environment of the project with `count` applications running in the fake runtime. */
async function runningEnvironment(token: string, projectId: string, nom: string, count: number) {
  const env = await createEnvironment(t, token, projectId, { nom, type: 'dev' });
  const apps = [];
  for (let i = 0; i < count; i++)
    apps.push(await deployApp(t, token, env.id, { nom: `${nom} ${i}` }));
  for (const app of apps) await reconcileToStatus(t, app.id, 'RUNNING');
  expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(count);
  expect(await exists(path.join(folderOf(env), 'namespace.yaml'))).toBe(true);
  return env;
}

/** The runtime calls that concern one namespace, in order. */
const callsIn = (namespace: string) => fake.calls.filter((c) => c.includes(` ${namespace}`));

async function expectGone(env: Environment) {
  expect(await environmentRow(env.id)).toBeUndefined();
  expect(
    await t.database.db.select().from(deployments).where(eq(deployments.environmentId, env.id)),
  ).toEqual([]);
  expect(fake.objectsIn(env.namespace_k8s_id)).toEqual([]);
  expect(fake.namespaces.has(env.namespace_k8s_id)).toBe(false);
  expect(await exists(folderOf(env))).toBe(false);
}

const untilGone = (env: Environment) =>
  reconcileUntil(t, async () => (await environmentRow(env.id)) === undefined, {
    timeoutMs: 15_000,
  });

describe('deleting an environment', () => {
  it('removes its applications from the runtime first, then the namespace, then the rows and the folder', async () => {
    const { project } = await createTeamProject(t, team, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await runningEnvironment(team.admin.token, project.id, 'Éphémère', 2);
    const res = await call(t, 'DELETE', `${API}/environments/${env.id}`, {
      token: team.developer.token,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(
      (await call(t, 'GET', `${API}/environments/${env.id}/status`, { token: team.user.token }))
        .statusCode,
    ).toBe(404);

    const before = callsIn(env.namespace_k8s_id).length;
    await untilGone(env);
    const deletion = callsIn(env.namespace_k8s_id)
      .slice(before)
      .filter((c) => !c.startsWith('status '));
    expect(deletion.slice(0, 2).every((c) => c.startsWith('remove '))).toBe(true);
    expect(deletion.slice(2)).toEqual([`removeEnvironment ${env.namespace_k8s_id}`]);
    await expectGone(env);
  });

  it('waits for a runtime that does not answer, keeping the rows, then finishes', async () => {
    const { project } = await createTeamProject(t, team, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await runningEnvironment(team.admin.token, project.id, 'Panne', 1);
    fake.unavailableCalls = 1_000_000;
    await call(t, 'DELETE', `${API}/environments/${env.id}`, { token: team.developer.token });
    for (let i = 0; i < 3; i++) {
      await t.app.engine.reconciler.tick();
      await sleep(50);
    }
    expect((await environmentRow(env.id))?.status).toBe('deleting');
    expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(1);

    fake.unavailableCalls = 0;
    await t.database.db
      .update(deployments)
      .set({ nextAttemptAt: new Date() })
      .where(eq(deployments.environmentId, env.id));
    await t.database.db
      .update(environments)
      .set({ nextAttemptAt: new Date() })
      .where(eq(environments.id, env.id));
    await untilGone(env);
    await expectGone(env);
  });
  it('is not undone by the namespace creation it interrupts', async () => {
    const { project } = await createTeamProject(t, team, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Aussitôt supprimé',
      type: 'dev',
    });
    const hold = fake.hold('ensureEnvironment');
    const pass = t.app.engine.reconciler.tick();
    await hold.started;
    expect(
      (await call(t, 'DELETE', `${API}/environments/${env.id}`, { token: team.developer.token }))
        .statusCode,
    ).toBeLessThan(300);
    hold.release();
    await pass;

    expect(
      (await call(t, 'GET', `${API}/environments/${env.id}`, { token: team.user.token }))
        .statusCode,
    ).toBe(404);
    await untilGone(env);
    await expectGone(env);
  });
});

describe('deleting a project', () => {
  it('removes every environment and application of it from the runtime, then every row', async () => {
    const { project } = await createTeamProject(t, team, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const envs = [
      await runningEnvironment(team.admin.token, project.id, 'Production', 2),
      await runningEnvironment(team.admin.token, project.id, 'Recette', 1),
    ];
    expect(
      (await call(t, 'DELETE', `${API}/projects/${project.id}`, { token: team.admin.token }))
        .statusCode,
    ).toBeLessThan(300);

    await reconcileUntil(
      t,
      async () =>
        (await t.database.db.select().from(projects).where(eq(projects.id, project.id))).length ===
        0,
      { timeoutMs: 15_000 },
    );
    for (const env of envs) await expectGone(env);
    expect(
      await t.database.db.select().from(deployments).where(eq(deployments.projectId, project.id)),
    ).toEqual([]);
  });
});

describe('deleting the account of a sole member', () => {
  it('removes the runtime objects of the projects it alone belonged to', async () => {
    const owner = await createVerifiedUser(t);
    const project = await createProject(t, owner.token, {
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 50,
    });
    const env = await runningEnvironment(owner.token, project.id, 'Solo', 1);

    expect((await call(t, 'DELETE', `${API}/users/me`, { token: owner.token })).statusCode).toBe(
      200,
    );
    await untilGone(env);
    await expectGone(env);
    await reconcileUntil(
      t,
      async () =>
        (await t.database.db.select().from(projects).where(eq(projects.id, project.id))).length ===
        0,
    );
  });
});
