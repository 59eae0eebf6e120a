import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { deployApp, deploymentRow, getDetail } from '../../../test/helpers/deploy-factories';
import { anotherReconciler, createEngineTestApp } from '../../../test/helpers/engine-test-app';
import {
  createEnvironment,
  createTeamProject,
  createTeamUsers,
} from '../../../test/helpers/project-factories';
import type { Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { eventually, startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { runControllers } from '../../../test/kubernetes/fake-controllers';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { KubernetesDriver } from '../drivers/kubernetes/kubernetes-driver';
import type { Reconciler } from './reconciler';

/**
 * Steady state on Kubernetes: once every application runs, the reconciler's observation passes
 * (every 30 s per application) cost the API server nothing but watch renewals: no Namespace,
 * RoleBinding, NetworkPolicy or LimitRange applied again, no quota read. Drift is repaired from
 * watch events, also by a process that has just started and applied nothing yet.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
let t: TestApp;
let team: Team;
let stopControllers: () => void;
const ids: string[] = [];

/** One observation pass of every application, `seconds` after the previous one. */
async function passAfter(reconciler: Reconciler, seconds: number) {
  vi.setSystemTime(Date.now() + seconds * 1000);
  await reconciler.tick();
  await reconciler.settled();
}

const ingressPath = async (id: string) => {
  const row = (await deploymentRow(t, id))!;
  return [...api.objects.keys()].find(
    (path) =>
      path.includes('/ingresses/') &&
      (api.objects.get(path)!.metadata as { labels?: Record<string, string> }).labels?.[
        'nuagedeploy.io/deployment-id'
      ] === row.id,
  )!;
};

beforeAll(async () => {
  ({ api, driver } = await startFakeCluster());
  stopControllers = runControllers(api);
  t = await createEngineTestApp(driver);
  team = await createTeamUsers(t);
  const { project } = await createTeamProject(t, team, {
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const prod = await createEnvironment(t, team.admin.token, project.id, { nom: 'Production' });
  const staging = await createEnvironment(t, team.admin.token, project.id, {
    nom: 'Recette',
    type: 'staging',
  });
  for (const env of [prod, prod, staging, staging])
    ids.push((await deployApp(t, team.developer.token, env.id)).id);
  await eventually(async () => {
    await t.database.db.update(deployments).set({ nextAttemptAt: new Date() });
    await t.app.engine.reconciler.runUntilIdle();
    for (const id of ids) expect((await deploymentRow(t, id))!.status).toBe('RUNNING');
  }, 20_000);
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  stopControllers();
  await t.close();
  await driver.close();
  await api.close();
});

describe('an idle platform on Kubernetes', () => {
  it('sends nothing but watch renewals over several observation passes', async () => {
    const status = vi.spyOn(driver, 'status');
    const mark = api.counter.mark();
    // Three minutes of observation passes, each application looked at twice a minute.
    for (let round = 0; round < 6; round++) await passAfter(t.app.engine.reconciler, 31);
    vi.useRealTimers();
    expect(status.mock.calls.length).toBeGreaterThanOrEqual(6 * ids.length);
    expect(api.counter.beyondWatches(mark)).toEqual({});
    status.mockRestore();
    for (const id of ids) expect((await deploymentRow(t, id))!.status).toBe('RUNNING');
  });
});

describe('a platform process that has just started (applied nothing yet)', () => {
  let fresh: KubernetesDriver;
  let reconciler: Reconciler;

  beforeAll(async () => {
    // The process that applied everything stops: its watches and its memory go with it.
    await driver.close();
    fresh = new KubernetesDriver({
      connection: { kind: 'server', server: api.url, token: 'jeton-de-test' },
      render: { appsDomain: 'apps.nuage.test' },
      timeoutMs: 2000,
      watchRetryMs: 50,
      resyncMs: 0,
      rate: { qps: 1000, burst: 1000 },
    });
    reconciler = anotherReconciler(t, fresh);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await fresh.close();
  });

  it('repairs at its first pass what was deleted while the platform was stopped', async () => {
    const gone = await ingressPath(ids[0]!);
    api.remove(gone);
    await t.database.db
      .update(deployments)
      .set({ nextAttemptAt: new Date(), leaseOwner: null, leaseExpiresAt: null });
    await reconciler.runUntilIdle();
    expect(api.has(gone)).toBe(true);
    const detail = await getDetail(t, team.developer.token, ids[0]!);
    expect(JSON.stringify(detail.events)).toContain('Écart corrigé sur le serveur : Ingress');
    expect(detail.status).toBe('RUNNING');
  });

  it('repairs a deletion at once from the watch event, with no pass of the reconciler', async () => {
    // Every application has had its first pass in this process (above).
    const ingress = await ingressPath(ids[2]!);
    const database = [...api.objects.keys()].find(
      (path) =>
        path.includes('/statefulsets/') &&
        (api.objects.get(path)!.metadata as { labels?: Record<string, string> }).labels?.[
          'nuagedeploy.io/deployment-id'
        ] === ids[3],
    )!;
    const mark = api.counter.mark();
    api.remove(ingress);
    api.remove(database);
    await eventually(() => {
      expect(api.has(ingress)).toBe(true);
      expect(api.has(database)).toBe(true);
      // Each repair is a whole apply, whose last request lists the application's Secrets to prune.
      const lists = Object.entries(api.counter.since(mark)).filter(([key]) =>
        /^list .*\/secrets$/.test(key),
      );
      expect(lists.reduce((sum, [, n]) => sum + n, 0)).toBe(2);
    }, 5000);
  });

  it('once started, passes every application at once and repairs what is deleted, not 30 s later', async () => {
    // Another restart: a process whose applications are all due in an hour, on the clock.
    await fresh.close();
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db.update(deployments).set({ nextAttemptAt: later });
    const third = new KubernetesDriver({
      connection: { kind: 'server', server: api.url, token: 'jeton-de-test' },
      render: { appsDomain: 'apps.nuage.test' },
      timeoutMs: 2000,
      watchRetryMs: 50,
      resyncMs: 0,
      rate: { qps: 1000, burst: 1000 },
    });
    const started = anotherReconciler(t, third);
    started.start();
    try {
      const ingress = await ingressPath(ids[1]!);
      api.remove(ingress);
      await eventually(() => expect(api.has(ingress)).toBe(true), 10_000);
    } finally {
      await started.stop();
      await third.close();
    }
    fresh = new KubernetesDriver({
      connection: { kind: 'server', server: api.url, token: 'jeton-de-test' },
      render: { appsDomain: 'apps.nuage.test' },
      timeoutMs: 2000,
      watchRetryMs: 50,
      resyncMs: 0,
      rate: { qps: 1000, burst: 1000 },
    });
    reconciler = anotherReconciler(t, fresh);
    await t.database.db.update(deployments).set({ nextAttemptAt: new Date() });
    await reconciler.runUntilIdle();
  });

  it('then costs nothing but watch renewals either', async () => {
    const mark = api.counter.mark();
    for (let round = 0; round < 4; round++) await passAfter(reconciler, 31);
    vi.useRealTimers();
    expect(api.counter.beyondWatches(mark)).toEqual({});
    const [row] = await t.database.db
      .select({ status: deployments.status })
      .from(deployments)
      .where(eq(deployments.id, ids[1]!));
    expect(row!.status).toBe('RUNNING');
  });
});
