import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Event } from 'kubernetes-models/v1/Event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeEnvironment,
  makeSpec,
  VARIANTS,
} from '../../../../test/engine/manifests/test-fixtures';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import type { Json } from '../../../../test/kubernetes/fake-paths';
import { eventually, refOf, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { ApplicationSpec } from '../../spec';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * The HPA's status read back (issue 28 item 5) on a cluster that acts: the fake control plane's
 * HPA controller scales the Deployment from the pods' metrics, the ReplicaSet's pods go
 * through the namespace's ResourceQuota, and what the driver reads is what a real cluster
 * shows: the HPA's current and desired replicas, and the quota's refusal of the pods it asked
 * for (FailedCreate « exceeded quota », copied into the Deployment's ReplicaFailure).
 * WordPress at 0.5 CPU per replica in a project of 1.5 CPU: three replicas fill it (3 × 458 m
 * for the application, 125 m for its database), a fourth never fits.
 */
const PROJECT = { cpuMilli: 1500, ramMb: 3000, storageMb: 20_000 };
const env = makeEnvironment();
const spec: ApplicationSpec = {
  ...makeSpec({
    template: 'wordpress',
    variant: { ...VARIANTS[0]!, cpuMilli: 500, ramMb: 1000, storageMb: 20_000, replicas: 1 },
  }),
  autoscaling: { minReplicas: 1, maxReplicas: 4, cpuTargetPercent: 60, memoryTargetPercent: null },
};
const ref = refOf(spec);
const ns = env.namespace;
const HPA = `/apis/autoscaling/v2/namespaces/${ns}/horizontalpodautoscalers/${spec.app.name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let stop: () => void;

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 20_000 } }));
  stop = runControllers(api, { podStartMs: 20, terminationMs: 50, hpaSyncMs: 40 });
  await driver.ensureEnvironment(env);
  await driver.distributeQuota({
    projectId: env.projectId,
    quota: PROJECT,
    environments: [
      { environment: env, reserved: { cpuMilli: 500, ramMb: 1000, storageMb: 20_000 } },
    ],
  });
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

const appPods = () =>
  [...api.objectsIn(ns)].filter(
    ([path, o]) =>
      path.includes('/pods/') &&
      (o.metadata as { labels?: Record<string, string> }).labels?.[
        'app.kubernetes.io/component'
      ] === 'app',
  );

/** metrics-server's answer: every application pod at `cpu` (its limit is 458m + sidecars). */
function loadPods(cpu: string) {
  api.metrics = appPods().map(([, o]) => ({
    metadata: {
      name: (o.metadata as Json).name,
      namespace: ns,
      labels: (o.metadata as Json).labels,
    },
    containers: [{ name: spec.app.name, usage: { cpu, memory: '100M' } }],
  }));
}

async function deployed() {
  await driver.apply(spec);
  await eventually(async () => expect((await driver.status(ref)).readyReplicas).toBe(1), 10_000);
}

describe('the HorizontalPodAutoscaler read back', () => {
  it('reports the replicas it runs and wants, with a status valid against the schema', async () => {
    await deployed();
    loadPods('50m');
    const calm = await eventually(async () => {
      const s = await driver.autoscalerStatus(ref);
      expect(s).toEqual({ currentReplicas: 1, desiredReplicas: 1, quotaShortfalls: null });
      const hpa = api.objects.get(HPA)!;
      expect((hpa.status as { currentMetrics?: Json[] }).currentMetrics).toHaveLength(1);
      return hpa;
    });
    expect(() => new HorizontalPodAutoscaler(calm as never).validate()).not.toThrow();
    expect((calm.status as { conditions: Json[] }).conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'AbleToScale', status: 'True' }),
        expect.objectContaining({ type: 'ScalingActive', status: 'True' }),
        expect.objectContaining({ type: 'ScalingLimited', status: 'False' }),
      ]),
    );
  });

  it('says which resource the quota lacks when it refuses the pods the HPA asked for', async () => {
    await deployed();
    // Under load every pod is at its limit: the HPA wants more than the quota holds.
    const blocked = await eventually(async () => {
      loadPods('500m');
      const s = await driver.autoscalerStatus(ref);
      expect(s?.quotaShortfalls).not.toBeNull();
      return s!;
    }, 10_000);
    expect(blocked.desiredReplicas).toBeGreaterThan(blocked.currentReplicas);
    expect(blocked).toMatchObject({ currentReplicas: 3, desiredReplicas: 4 });
    expect(blocked.quotaShortfalls!.map((q) => q.resource)).toContain('cpu');
    const cpu = blocked.quotaShortfalls!.find((q) => q.resource === 'cpu')!;
    expect(cpu.used + cpu.requested).toBeGreaterThan(cpu.limit);
    const observed = await driver.status(ref);
    // The three that run serve: the application is running, not failed nor still deploying.
    expect({ phase: observed.phase, reason: observed.reason }).toEqual({
      phase: 'running',
      reason: null,
    });
    // The HPA itself could scale (its write succeeded): the refusal is the ReplicaSet's.
    const hpa = api.objects.get(HPA)!;
    expect(() => new HorizontalPodAutoscaler(hpa as never).validate()).not.toThrow();
    expect((hpa.status as { conditions: Json[] }).conditions).toContainEqual(
      expect.objectContaining({ type: 'AbleToScale', status: 'True' }),
    );
    const events = [...api.objectsIn(ns)]
      .filter(([path]) => path.includes('/events/'))
      .map(([, e]) => e);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(() => new Event(e as never).validate()).not.toThrow();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'Warning',
        reason: 'FailedCreate',
        involvedObject: expect.objectContaining({ kind: 'ReplicaSet' }),
        message: expect.stringMatching(/^Error creating: pods ".+" is forbidden: exceeded quota/),
      }),
    );
    // The load falls: the HPA wants fewer, nothing is refused any more.
    await eventually(async () => {
      loadPods('20m');
      const s = await driver.autoscalerStatus(ref);
      expect(s?.quotaShortfalls).toBeNull();
      expect(s?.desiredReplicas).toBe(1);
    }, 10_000);
  });

  it('is null without an HPA', async () => {
    await driver.apply({ ...spec, autoscaling: null });
    expect(await driver.autoscalerStatus(ref)).toBeNull();
  });
});
