import type { Environment } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
  reconcileUntil,
  sleep,
} from '../../../test/helpers/deploy-factories';
import { anotherReconciler, createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import type { TestApp } from '../../../test/helpers/test-app';
import type { Reconciler } from './reconciler';

let fake: FakeRuntime;
let t: TestApp;
let team: Team;
let projectId: string;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
  team = await createTeamUsers(t);
  projectId = (
    await createTeamProject(t, team, { quota_cpu: 50, quota_ram: 100, quota_stockage: 500 })
  ).project.id;
});
afterAll(() => t.close());

async function readyEnvironment(nom: string): Promise<Environment> {
  const env = await createEnvironment(t, team.admin.token, projectId, { nom, type: 'dev' });
  await t.app.engine.reconciler.runUntilIdle();
  return env;
}

/** As if the process holding the application's lease had died `leaseMs` ago. */
async function expireLease(id: string) {
  await t.database.db
    .update(deployments)
    .set({ leaseExpiresAt: new Date(Date.now() - 1) })
    .where(eq(deployments.id, id));
}

async function passesOf(r: Reconciler, id: string, until: () => Promise<boolean>) {
  await reconcileUntil(t, until, {
    tick: async () => {
      await makeDue(t, id);
      await r.tick();
    },
  });
}

const statusIs = (id: string, status: string) => async () =>
  (await deploymentRow(t, id))?.status === status;

describe('a process killed while it works', () => {
  it('mid-apply: another process takes over once the lease ran out; one set of objects, RUNNING', async () => {
    const env = await readyEnvironment('Crash apply');
    const app = await deployApp(t, team.developer.token, env.id);
    const doomed = anotherReconciler(t, fake);
    const hold = fake.hold('apply');
    const doomedPass = doomed.tick();
    await hold.started;

    const survivor = anotherReconciler(t, fake, { leaseMs: 500 });
    await makeDue(t, app.id);
    await survivor.tick();
    expect(fake.applies.filter((a) => a.deploymentId === app.id)).toHaveLength(1);

    await expireLease(app.id);
    await passesOf(survivor, app.id, statusIs(app.id, 'RUNNING'));
    expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(1);
    const settled = await getDetail(t, team.user.token, app.id);

    // Had it only been paused, the first process wakes up without its lease: it changes nothing.
    hold.release();
    await doomedPass;
    const after = await getDetail(t, team.user.token, app.id);
    expect(after.status).toBe('RUNNING');
    expect(after.events).toEqual(settled.events);
    expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(1);
  });

  it('mid-delete: the other process finishes the removal; nothing is left in the runtime', async () => {
    const env = await readyEnvironment('Crash delete');
    const app = await deployApp(t, team.developer.token, env.id);
    await passesOf(t.app.engine.reconciler, app.id, statusIs(app.id, 'RUNNING'));
    expect(
      (
        await call(t, 'DELETE', `${API}/deployments/deployment/${app.id}`, {
          token: team.developer.token,
        })
      ).statusCode,
    ).toBe(202);

    const doomed = anotherReconciler(t, fake);
    const hold = fake.hold('remove');
    const doomedPass = doomed.tick();
    await hold.started;
    await expireLease(app.id);
    const survivor = anotherReconciler(t, fake, { leaseMs: 500 });
    await passesOf(survivor, app.id, async () => (await deploymentRow(t, app.id)) === undefined);
    expect(fake.objectsIn(env.namespace_k8s_id)).toEqual([]);

    hold.release();
    await doomedPass;
    expect(await deploymentRow(t, app.id)).toBeUndefined();
    expect(fake.objectsIn(env.namespace_k8s_id)).toEqual([]);
  });
});

describe('several processes', () => {
  it('an apply that outlasts the lease is not taken over while its process is alive', async () => {
    const env = await readyEnvironment('Lent');
    const app = await deployApp(t, team.developer.token, env.id);
    const slow = anotherReconciler(t, fake, { leaseMs: 3000 });
    const hold = fake.hold('apply');
    const slowPass = slow.tick();
    await hold.started;
    await sleep(4000);

    const other = anotherReconciler(t, fake, { leaseMs: 3000 });
    for (let i = 0; i < 3; i++) {
      await makeDue(t, app.id);
      await other.tick();
    }
    hold.release();
    await slowPass;
    await passesOf(other, app.id, statusIs(app.id, 'RUNNING'));
    expect(fake.applies.filter((a) => a.deploymentId === app.id)).toEqual([
      { deploymentId: app.id, generation: 1 },
    ]);
  });

  it('two reconcilers ticking at once never apply the same generation twice', async () => {
    const env = await readyEnvironment('Concurrence');
    const apps = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        deployApp(t, team.developer.token, env.id, { nom: `Parallèle ${i}` }),
      ),
    );
    const ids = new Set(apps.map((a) => a.id));
    const a = anotherReconciler(t, fake);
    const b = anotherReconciler(t, fake);
    fake.applyDelayMs = 30;
    try {
      for (let round = 0; round < 12; round++) {
        if (round % 3 === 1) {
          const target = apps[round % apps.length]!;
          await call(t, 'PUT', `${API}/deployments/deployment/${target.id}`, {
            token: team.developer.token,
            body: { replicas: (round % 4) + 1 },
          });
        }
        await t.database.db
          .update(deployments)
          .set({ nextAttemptAt: new Date() })
          .where(eq(deployments.environmentId, env.id));
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      }
    } finally {
      fake.applyDelayMs = 0;
    }

    const applied = fake.applies
      .filter((x) => ids.has(x.deploymentId))
      .map((x) => `${x.deploymentId}@${x.generation}`);
    expect(applied.length).toBeGreaterThanOrEqual(apps.length + 3);
    expect(new Set(applied).size).toBe(applied.length);
    for (const app of apps) {
      const row = (await deploymentRow(t, app.id))!;
      expect(row.observedGeneration).toBe(row.generation);
    }
    expect(fake.objectsIn(env.namespace_k8s_id)).toHaveLength(apps.length);
  });
});
