import type { EnvironmentStatus } from '@nuage/shared/api-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError } from '../driver';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  expectDetail,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
  putDeployment,
  reconcileToStatus,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import type { TestApp } from '../../../test/helpers/test-app';

const DOWN = 1_000_000;
let fake: FakeRuntime;
let t: TestApp;
let team: Team;
let projectId: string;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
  team = await createTeamUsers(t);
  projectId = (
    await createTeamProject(t, team, { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 })
  ).project.id;
});
afterAll(() => t.close());
beforeEach(() => {
  fake.unavailableCalls = 0;
  fake.rejectImages = null;
});

async function environmentStatus(envId: string) {
  const res = await call(t, 'GET', `${API}/environments/${envId}/status`, {
    token: team.user.token,
  });
  return res.json<EnvironmentStatus>();
}

/** Seconds until the next attempt at the application, as the reconciler scheduled it. */
async function secondsToNextAttempt(id: string) {
  return ((await deploymentRow(t, id))!.nextAttemptAt.getTime() - Date.now()) / 1000;
}

describe('a runtime that does not answer', () => {
  it('keeps a new application PENDING with a French event, retries later and later, then converges', async () => {
    fake.unavailableCalls = DOWN;
    const env = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Panne',
      type: 'dev',
    });
    const app = await deployApp(t, team.developer.token, env.id);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await makeDue(t, app.id);
      await t.app.engine.reconciler.tick();
      delays.push(await secondsToNextAttempt(app.id));
    }
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.status).toBe('PENDING');
    expect(detail.events[0]!.message).toMatch(
      /^Serveur d’exécution injoignable \(tentative 1\) : nouvel essai dans 1 s$/,
    );
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]!).toBeGreaterThan(delays[i - 1]! + 0.5);
    expect(await environmentStatus(env.id)).toMatchObject({
      status: 'pending',
      message: expect.stringMatching(/^Serveur d’exécution injoignable/),
      gitlab_config: { created: false },
    });
    expect(fake.applies).toEqual([]);

    // Back: the application's pass creates the namespace; the environment says so at once.
    fake.unavailableCalls = 0;
    await reconcileToStatus(t, app.id, 'RUNNING');
    expect(await environmentStatus(env.id)).toMatchObject({
      status: 'active',
      gitlab_config: { created: true },
    });
    expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(1);
  });

  it('keeps a running application RUNNING while a change waits for the runtime, then applies it', async () => {
    const env = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Coupure',
      type: 'dev',
    });
    const app = await deployApp(t, team.developer.token, env.id);
    await reconcileToStatus(t, app.id, 'RUNNING');

    fake.unavailableCalls = DOWN;
    await putDeployment(t, team.developer.token, app.id, { replicas: 2 });
    await t.app.engine.reconciler.tick();
    const waiting = await getDetail(t, team.user.token, app.id);
    expect(waiting.status).toBe('RUNNING');
    expect(waiting.events[0]!.message).toMatch(/^Serveur d’exécution injoignable/);
    expectDetail(
      await call(t, 'GET', `${API}/deployments/deployment/${app.id}/logs`, {
        token: team.developer.token,
      }),
      503,
      'Le serveur d’exécution ne répond pas pour le moment. Réessayez dans quelques instants.',
    );

    fake.unavailableCalls = 0;
    await reconcileToStatus(t, app.id, 'RUNNING');
    await makeDue(t, app.id);
    await t.app.engine.reconciler.tick();
    expect((await getDetail(t, team.user.token, app.id)).pods_status).toHaveLength(2);
  });
});

describe('a runtime that refuses the application', () => {
  it("FAILS it with the runtime's reason and an event, does not retry the same version, and recovers on a new tag", async () => {
    fake.rejectImages = /introuvable/;
    const env = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Refus',
      type: 'dev',
    });
    const app = await deployApp(t, team.developer.token, env.id, { image_tag: '6.4-introuvable' });

    await reconcileToStatus(t, app.id, 'FAILED');
    const failed = await getDetail(t, team.user.token, app.id);
    const reason = 'image docker.io/library/wordpress:6.4-introuvable introuvable dans le registre';
    expect(failed.status_reason).toBe(reason);
    expect(failed.events[0]!.message).toBe(`Échec : ${reason}`);
    const applyCalls = () => fake.calls.filter((c) => c.startsWith('apply ')).length;
    const before = applyCalls();
    for (let i = 0; i < 3; i++) {
      await makeDue(t, app.id);
      await t.app.engine.reconciler.tick();
    }
    expect(applyCalls()).toBe(before);
    expect((await getDetail(t, team.user.token, app.id)).status).toBe('FAILED');

    const fixed = await putDeployment(t, team.developer.token, app.id, { image_tag: '6.4-apache' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await reconcileToStatus(t, app.id, 'RUNNING');
    const running = await getDetail(t, team.user.token, app.id);
    expect(running.status_reason).toBeNull();
    expect(running.deployment_sync.status.summary.images).toEqual([
      'docker.io/library/wordpress:6.4-apache',
    ]);
  });

  it('records the failed pull a refusal carries in the built-images history', async () => {
    fake.rejectImages = /introuvable/;
    fake.reportFailedPulls = true;
    try {
      const env = await createEnvironment(t, team.admin.token, projectId, {
        nom: 'Historique',
        type: 'dev',
      });
      const app = await deployApp(t, team.developer.token, env.id, {
        nom: 'Pull raté',
        image_tag: 'introuvable',
      });
      await reconcileToStatus(t, app.id, 'FAILED');
    } finally {
      fake.reportFailedPulls = false;
    }
    const res = await call(t, 'GET', `${API}/standalone-builds/images?status_filter=failed`, {
      token: team.user.token,
    });
    const builds = res.json<{
      builds: { application_name: string; image_tag: string; error_message: string }[];
    }>().builds;
    expect(builds).toEqual([
      expect.objectContaining({
        application_name: 'Pull raté',
        image_tag: 'introuvable',
        error_message: 'image docker.io/library/wordpress:introuvable introuvable dans le registre',
      }),
    ]);
  });

  it('marks an environment whose namespace is refused failed, and its applications FAILED with the reason', async () => {
    const env = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Interdit',
      type: 'dev',
    });
    const original = fake.ensureEnvironment.bind(fake);
    fake.ensureEnvironment = async (spec) => {
      if (spec.namespace === env.namespace_k8s_id)
        throw new RuntimeRejectedError('quota de namespaces atteint');
      return original(spec);
    };
    try {
      const app = await deployApp(t, team.developer.token, env.id);
      await reconcileToStatus(t, app.id, 'FAILED');
      expect(await environmentStatus(env.id)).toMatchObject({
        status: 'failed',
        message: "Le serveur d’exécution a refusé l'environnement : quota de namespaces atteint",
      });
      expect((await getDetail(t, team.user.token, app.id)).status_reason).toBe(
        'quota de namespaces atteint',
      );
    } finally {
      fake.ensureEnvironment = original;
    }
  });
});
