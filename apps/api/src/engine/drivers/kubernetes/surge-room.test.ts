import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { ApplicationSpec } from '../../spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import {
  eventually,
  refOf,
  seedNamespace,
  seedQuota,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A catalogue application's update in a project whose quota is fully reserved: the extra pod of
 * a surging rollout would be refused by the ResourceQuota (the fake cluster's admission counts
 * the real pods), so the driver replaces pods one at a time instead (rollout-plan.ts); with
 * room it keeps the surge. Either way the update completes.
 */
const v1 = makeSpec({ template: 'wordpress' });
const V2 = 'docker.io/library/wordpress:6.5-apache';
const withImage = (image: string): ApplicationSpec => ({ ...v1, app: { ...v1.app, image } });
const deploymentPath = `/apis/apps/v1/namespaces/${v1.namespace}/deployments/${v1.app.name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let stop: () => void;
const strategy = () =>
  (api.objects.get(deploymentPath) as { spec: { strategy: unknown } }).spec.strategy;
/** What the application's pod and its database's pod take together. */
const running = {
  cpuMilli: v1.app.cpuMilli * v1.replicas + v1.database!.cpuMilli,
  ramMb: v1.app.ramMb * v1.replicas + v1.database!.ramMb,
};

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 5000 } }));
  seedNamespace(api, v1.namespace);
  stop = runControllers(api, { podStartMs: 50 });
  await driver.apply(v1);
  await eventually(async () => expect((await driver.status(refOf(v1))).phase).toBe('running'));
  // Its setup task done: what runs is the application and its database.
  await eventually(() =>
    expect(
      api.objects.get(`/apis/batch/v1/namespaces/${v1.namespace}/jobs/${v1.setup!.name}`)!.status,
    ).toMatchObject({ succeeded: 1 }),
  );
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

describe('catalogue updates and the quota’s room for a surge pod', () => {
  it('quota fully reserved: the update replaces pods one at a time and completes', async () => {
    seedQuota(api, v1.namespace, { cpu: `${running.cpuMilli}m`, memory: `${running.ramMb}M` });
    await driver.apply(withImage(V2));
    expect(strategy()).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 0, maxUnavailable: 1 },
    });
    // apply() returned: the gate saw the rollout complete.
    expect((await driver.status(refOf(v1))).phase).toBe('running');
  });

  it('room for one more pod: the serving pods stay until the new one is available', async () => {
    seedQuota(api, v1.namespace, {
      cpu: `${running.cpuMilli + v1.app.cpuMilli}m`,
      memory: `${running.ramMb + v1.app.ramMb}M`,
    });
    await driver.apply(withImage(V2));
    expect(strategy()).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
  });
});
