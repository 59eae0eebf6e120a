import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationObservation } from '../../driver';
import {
  makeEnvironment,
  makeSpec,
  VARIANTS,
} from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import { eventually, refOf, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Scaling and restarting inside a project quota that is fully used, on a cluster that counts
 * every pod against the namespace's ResourceQuota (issue 23, defects 1 and 2). WordPress at
 * 0.5 CPU / 1 GB per replica in a project of 1.5 CPU / 3 GB: three replicas take it all
 * (3 × 458 m for the application, 125 m for its database). A surge pod never fits beside
 * them, and a stopped pod keeps its room for its grace period.
 */
const PROJECT = { cpuMilli: 1500, ramMb: 3000, storageMb: 20_000 };
const env = makeEnvironment();
const wordpress = (replicas: number) =>
  makeSpec({
    template: 'wordpress',
    variant: { ...VARIANTS[0]!, cpuMilli: 500, ramMb: 1000, storageMb: 20_000, replicas },
  });
const ref = refOf(wordpress(1));
const deploymentPath = `/apis/apps/v1/namespaces/${env.namespace}/deployments/${ref.name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let stop: () => void;

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 20_000 } }));
  stop = runControllers(api, { podStartMs: 20, terminationMs: 300 });
  await driver.ensureEnvironment(env);
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

/** The environment's share as the reconciler sets it before an apply (here: the project's). */
const share = (replicas: number, quota = PROJECT) =>
  driver.distributeQuota({
    projectId: env.projectId,
    quota,
    environments: [
      {
        environment: env,
        reserved: { cpuMilli: 500 * replicas, ramMb: 1000 * replicas, storageMb: 20_000 },
      },
    ],
  });

/** The application's pods as the cluster runs them: name, CPU limit, ready. */
const appPods = () =>
  [...api.objects.entries()]
    .filter(
      ([path, o]) =>
        path.startsWith(`/api/v1/namespaces/${env.namespace}/pods/${ref.name}-`) &&
        (o.metadata as { labels?: Record<string, string> }).labels?.[
          'app.kubernetes.io/component'
        ] === 'app' &&
        !(o.metadata as { deletionTimestamp?: string }).deletionTimestamp,
    )
    .map(([, o]) => ({
      name: (o.metadata as { name: string }).name,
      cpu: (o.spec as { containers: { resources: { limits: { cpu: string } } }[] }).containers[0]!
        .resources.limits.cpu,
      ready: (
        (o.status as { conditions?: { type: string; status: string }[] }).conditions ?? []
      ).some((c) => c.type === 'Ready' && c.status === 'True'),
    }));

async function deployed(replicas: number, quota = PROJECT) {
  await share(replicas, quota);
  await driver.apply(wordpress(replicas));
  await eventually(async () => {
    const s = await driver.status(ref);
    expect(s.phase).toBe('running');
    expect(s.readyReplicas).toBe(replicas);
  }, 10_000);
  // Its setup task done: the application and its database are all that run.
  await eventually(() =>
    expect(
      api.objects.get(
        `/apis/batch/v1/namespaces/${env.namespace}/jobs/${wordpress(replicas).setup!.name}`,
      )!.status,
    ).toMatchObject({ succeeded: 1 }),
  );
}

/** Every status() answer until `done`, as the reconciler would record them meanwhile. */
function watchStatuses() {
  const seen: ApplicationObservation[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      seen.push(await driver.status(ref));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  return {
    seen,
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

describe('scaling inside a fully used project quota', () => {
  for (const from of [1, 2]) {
    it(`${from} → 3 replicas: the cluster really runs 3 ready replicas of the new size`, async () => {
      await deployed(from);
      await share(3);
      // Neither refused nor reverted: apply() returns once the rollout is complete.
      await driver.apply(wordpress(3));
      expect((api.objects.get(deploymentPath)!.spec as { replicas: number }).replicas).toBe(3);
      await eventually(() => {
        const pods = appPods();
        expect(pods).toHaveLength(3);
        expect(pods.every((p) => p.ready && p.cpu === `${wordpress(3).app.cpuMilli}m`)).toBe(true);
      }, 10_000);
      expect((await driver.status(ref)).phase).toBe('running');
    }, 60_000);
  }
});

describe('restarting under a fully used project quota', () => {
  it('every pod is replaced, the application never shows a failure (nor English)', async () => {
    // Deployed while the project had room for its setup task; then the project's quota is
    // lowered to what runs (1499 m of 1500 m): no room for one more pod.
    await deployed(3, { ...PROJECT, cpuMilli: 1800, ramMb: 3300 });
    await share(3);
    const before = new Set(appPods().map((p) => p.name));
    const statuses = watchStatuses();
    await driver.restart(ref);
    await eventually(() => {
      const pods = appPods();
      expect(pods).toHaveLength(3);
      expect(pods.every((p) => p.ready && !before.has(p.name))).toBe(true);
    }, 15_000);
    await eventually(async () => expect((await driver.status(ref)).phase).toBe('running'));
    await statuses.stop();
    expect(statuses.seen.length).toBeGreaterThan(5);
    for (const s of statuses.seen) {
      expect(s.phase).not.toBe('failed');
      expect(s.reason ?? '').not.toMatch(/forbidden|exceeded quota/);
    }
  }, 60_000);
});
