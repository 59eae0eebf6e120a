import { autoscalingTexts } from '@nuage/shared/messages/autoscaling';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { deployments } from '../../db/schema/deployments';
import { metricSamples } from '../../db/schema/metrics';
import { notificationEvents } from '../../db/schema/notifications';
import {
  deploymentRow as rowOf,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  expectDetail,
  expectIssue,
  insertApplication,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { RuntimeDriver } from '../../engine/driver';
import { AutoscaleWorker } from './worker';

const deploymentRow = async (t: TestApp, id: string) => {
  const row = await rowOf(t, id);
  if (!row) throw new Error(`application ${id} not found`);
  return row;
};

/** PUT/GET /deployments/{id}/autoscaling and the platform's loop on stored samples. */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;

const MIN = 60_000;
const settings = {
  active: true,
  min_instances: 1,
  max_instances: 3,
  cible_cpu: 60,
  cible_memoire: null,
};

beforeAll(async () => {
  t = await createTestApp();
  // 1.5 cores: the first test's application (0.5) and two instances of 0.5 fit, a third does not.
  const created = await teamWithEnvironment(t, { quota_cpu: 1.5 });
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

/** A running application of 0.5 core per instance, as the simulation runtime left it. */
async function runningApp(nom: string) {
  const id = await insertApplication(t, { projectId, environmentId: envId, cpu: 0.5, nom });
  await t.database.db
    .update(deployments)
    .set({ status: 'RUNNING', observedGeneration: 1, runtime: 'simulation' })
    .where(eq(deployments.id, id));
  return id;
}

const url = (id: string) => `${API}/deployments/${id}/autoscaling`;

describe('PUT /deployments/{id}/autoscaling', () => {
  it('401, 422 in French, 403 for a user and a read-only token, then saved and audited', async () => {
    const id = await runningApp('reglages');
    expect((await call(t, 'PUT', url(id), { body: settings })).statusCode).toBe(401);
    const dev = team.developer.token;
    expectIssue(
      await call(t, 'PUT', url(id), { token: dev, body: { ...settings, min_instances: 4 } }),
      ['body', 'max_instances'],
      autoscalingTexts.maxBelowMin,
    );
    expectIssue(
      await call(t, 'PUT', url(id), { token: dev, body: { ...settings, cible_cpu: 5 } }),
      ['body', 'cible_cpu'],
      autoscalingTexts.cpuTargetInvalid,
    );
    expectIssue(
      await call(t, 'PUT', url(id), { token: dev, body: { ...settings, max_instances: 11 } }),
      ['body', 'max_instances'],
      autoscalingTexts.maxInvalid,
    );
    expect(
      (await call(t, 'PUT', url(id), { token: team.user.token, body: settings })).statusCode,
    ).toBe(403);
    const created = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.developer.token,
      body: { nom: 'Lecture', portee: 'lecture', expire_dans_jours: 30, projet_id: projectId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const readToken = created.json<{ token: string }>().token;
    expectDetail(
      await call(t, 'PUT', url(id), { token: readToken, body: settings }),
      403,
      apiTokenTexts.readOnly,
    );
    // The read-only token reads it; nothing saved yet: off, with the defaults.
    const before = await call(t, 'GET', url(id), { token: readToken });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<Autoscaling>()).toMatchObject({
      active: false,
      cible_cpu: 60,
      instances: 1,
    });

    const saved = await call(t, 'PUT', url(id), { token: dev, body: settings });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Autoscaling>()).toEqual({
      ...settings,
      instances: 1,
      mode: 'plateforme',
      simule: true,
      blocage: null,
      hpa: null,
      decisions: [],
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.projectId, projectId), eq(auditEvents.action, 'deployment.autoscaling')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorEmail).toBe(team.developer.email);
  });
});

describe('the platform loop', () => {
  /** Two samples in the 30 s before `at`, of `cpuMilli` summed over the instances. */
  async function load(id: string, at: number, cpuMilli: number) {
    await t.database.db.insert(metricSamples).values(
      [at - 40_000, at - 10_000].map((ms) => ({
        deploymentId: id,
        at: new Date(ms),
        cpuMilli,
        ramMb: 100,
        simulated: true,
      })),
    );
  }
  const blockedNotifications = async () =>
    t.database.db
      .select()
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.projectId, projectId),
          eq(notificationEvents.type, 'autoscale.blocked'),
        ),
      );
  const state = async (id: string) =>
    (await call(t, 'GET', url(id), { token: team.user.token })).json<Autoscaling>();

  it('scales up within the quota, stops at it with a French reason told once, scales down after the load', async () => {
    const id = await runningApp('boutique');
    await call(t, 'PUT', url(id), { token: team.developer.token, body: settings });
    const t0 = Date.now() + MIN;

    // 450 of 500 millicores: 90 % for a 60 % target.
    await load(id, t0, 450);
    await t.app.autoscaleWorker.pass(new Date(t0));
    const up = await deploymentRow(t, id);
    expect(up.replicas).toBe(2);
    const message =
      'Mise à l’échelle automatique : 1 → 2 instances (CPU 90 % pour une cible de 60 %)';
    expect(up.events[0]!.message).toBe(message);
    expect(up.generation).toBeGreaterThan(1);
    expect((await state(id)).decisions.map((d) => d.message)).toEqual([message]);
    const scaled = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.projectId, projectId), eq(auditEvents.action, 'deployment.autoscale')),
      );
    expect(scaled.map((a) => [a.details, a.actorUserId])).toEqual([
      [{ de: 1, a: 2, raison: message }, null],
    ]);

    // Still 90 % on two instances, 4 minutes later (past the 3-minute cool-down): a third
    // would take the project to 2 cores of 1.5.
    const t1 = t0 + 4 * MIN;
    await load(id, t1, 900);
    await t.app.autoscaleWorker.pass(new Date(t1));
    expect((await deploymentRow(t, id)).replicas).toBe(2);
    const blocked = await state(id);
    expect(blocked.blocage).toMatch(/^Mise à l’échelle bloquée par le quota du projet : .*CPU/);
    expect(await blockedNotifications()).toHaveLength(1);
    // The same incident a minute later: still blocked, not told again.
    const t2 = t1 + MIN;
    await load(id, t2, 900);
    await t.app.autoscaleWorker.pass(new Date(t2));
    expect((await state(id)).blocage).toBe(blocked.blocage);
    expect(await blockedNotifications()).toHaveLength(1);

    // The load stops: past the 5-minute cool-down, one instance fewer, the block is over.
    const t3 = t2 + 6 * MIN;
    await load(id, t3, 40);
    await t.app.autoscaleWorker.pass(new Date(t3));
    expect((await deploymentRow(t, id)).replicas).toBe(1);
    const after = await state(id);
    expect(after.blocage).toBeNull();
    expect(after.decisions[0]!.message).toBe(
      'Mise à l’échelle automatique : 2 → 1 instance (CPU 4 % pour une cible de 60 %)',
    );
    // Already at the minimum: nothing more.
    const t4 = t3 + 10 * MIN;
    await load(id, t4, 0);
    await t.app.autoscaleWorker.pass(new Date(t4));
    expect((await deploymentRow(t, id)).replicas).toBe(1);
  });

  it('leaves an application alone while its scaling is off', async () => {
    const id = await runningApp('eteinte');
    await call(t, 'PUT', url(id), {
      token: team.developer.token,
      body: { ...settings, active: false },
    });
    const at = Date.now() + MIN;
    await load(id, at, 500);
    await t.app.autoscaleWorker.pass(new Date(at));
    const row = await deploymentRow(t, id);
    expect(row.replicas).toBe(1);
    expect(row.events).toEqual([]);
  });
});

describe('on Kubernetes: the HPA read back', () => {
  it('shows its replicas, and the quota’s refusal of its pods in French, told once', async () => {
    const id = await runningApp('catalogue');
    await t.database.db
      .update(deployments)
      .set({ runtime: 'kubernetes' })
      .where(eq(deployments.id, id));
    // What the Kubernetes driver reads (autoscaler-status.ts): here, a stand-in.
    let status: Awaited<ReturnType<NonNullable<RuntimeDriver['autoscalerStatus']>>> = {
      currentReplicas: 1,
      desiredReplicas: 1,
      quotaShortfalls: null,
    };
    const driver = { autoscalerStatus: async () => status } as unknown as RuntimeDriver;
    const ctx = t.app.ctx;
    const worker = new AutoscaleWorker(
      { ...ctx, engine: { ...ctx.engine, runtime: 'kubernetes', driver } },
      t.config.autoscaling,
    );
    const put = await call(t, 'PUT', url(id), { token: team.developer.token, body: settings });
    expect(put.statusCode, put.body).toBe(200);
    const kube = async () =>
      (await call(t, 'GET', url(id), { token: team.user.token })).json<Autoscaling>();
    const blockedTold = async () =>
      (
        await t.database.db
          .select()
          .from(notificationEvents)
          .where(
            and(
              eq(notificationEvents.projectId, projectId),
              eq(notificationEvents.type, 'autoscale.blocked'),
            ),
          )
      ).length;
    const before = await blockedTold();
    const t0 = Date.now() + MIN;
    await worker.pass(new Date(t0));
    expect(await kube()).toMatchObject({
      mode: 'kubernetes',
      hpa: { actuelles: 1, souhaitees: 1 },
      blocage: null,
    });

    // The HPA wants 3; the namespace's quota admits one more pod only.
    status = {
      currentReplicas: 2,
      desiredReplicas: 3,
      quotaShortfalls: [{ resource: 'cpu', requested: 500, used: 1250, limit: 1500 }],
    };
    await worker.pass(new Date(t0 + MIN));
    const blocked = await kube();
    expect(blocked.hpa).toEqual({ actuelles: 2, souhaitees: 3 });
    expect(blocked.blocage).toBe(
      'Mise à l’échelle bloquée par le quota du projet : 500 m de CPU demandés, 1250 m utilisés sur 1500 m',
    );
    expect(blocked.decisions.map((d) => d.message)).toEqual([
      blocked.blocage,
      'Kubernetes (HorizontalPodAutoscaler) : 1 → 3 instances souhaitées',
    ]);
    expect(await blockedTold()).toBe(before + 1);
    await worker.pass(new Date(t0 + 2 * MIN));
    expect(await blockedTold()).toBe(before + 1);

    // The load falls: the HPA wants 2, which run.
    status = { currentReplicas: 2, desiredReplicas: 2, quotaShortfalls: null };
    await worker.pass(new Date(t0 + 3 * MIN));
    expect(await kube()).toMatchObject({ hpa: { actuelles: 2, souhaitees: 2 }, blocage: null });
  });
});
