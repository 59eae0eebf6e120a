import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpec } from '../../manifests/test-fixtures';
import type { ApplicationSpec } from '../../spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runDeploymentController } from '../../../../test/kubernetes/fake-deployment-controller';
import { jobHelpers } from '../../../../test/kubernetes/fake-jobs';
import {
  eventually,
  refOf,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A catalogue application's update in a project whose quota is fully reserved: the extra pod of
 * a surging rollout would be refused by the ResourceQuota, so the driver replaces pods one at a
 * time instead (kubernetes-driver.ts, noSurgeWithoutRoom); with room it keeps the surge.
 */
const v1 = makeSpec({ template: 'wordpress' });
const withImage = (image: string): ApplicationSpec => ({ ...v1, app: { ...v1.app, image } });
const deploymentPath = `/apis/apps/v1/namespaces/${v1.namespace}/deployments/${v1.app.name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let stop: () => void;
const { seedQuota } = jobHelpers(() => api, v1.namespace);
const strategy = () =>
  (api.objects.get(deploymentPath) as { spec: { strategy: unknown } }).spec.strategy;
const used = { cpu: `${v1.app.cpuMilli * v1.replicas}m`, memory: `${v1.app.ramMb * v1.replicas}M` };

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 3000 } }));
  seedNamespace(api, v1.namespace);
  stop = runDeploymentController(api, () => 'complete', { delayMs: 50 });
  await driver.apply(v1);
  await eventually(async () =>
    expect((await driver.status(refOf(v1))).readyReplicas).toBe(v1.replicas),
  );
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

describe('catalogue updates and the quota’s room for a surge pod', () => {
  it('quota fully reserved: the update replaces pods one at a time and still completes', async () => {
    seedQuota(used, used);
    await driver.apply(withImage('docker.io/library/wordpress:6.5-apache'));
    expect(strategy()).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 0, maxUnavailable: 1 },
    });
  });

  it('room for one more pod: the serving pods stay until the new one is available', async () => {
    const hard = {
      cpu: `${v1.app.cpuMilli * (v1.replicas + 1)}m`,
      memory: `${v1.app.ramMb * (v1.replicas + 1)}M`,
    };
    seedQuota(hard, used);
    await driver.apply(withImage('docker.io/library/wordpress:6.5-apache'));
    expect(strategy()).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
  });
});
