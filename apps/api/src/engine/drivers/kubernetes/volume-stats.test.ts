import { metricsHistoryNotices } from '@nuage/shared/messages/metrics-history';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import { KubeClient } from './kube-client';
import { loadKubeConfig } from './kubeconfig';
import { KubeletVolumeStats, nodeStatsPath } from './volume-stats';

/**
 * The claims' use from the kubelets (stats/summary through the API server), as the platform's
 * account sees it: refused by RBAC until deploy/kubernetes/volume-stats.yaml grants nodes/proxy,
 * one node's kubelet down, the claims of other namespaces never counted.
 */
let api: FakeKubeApi;
let client: KubeClient;
let now = 0;
const ns = 'env-boutique';

const pod = (name: string, node: string, claims: string[]): IPod =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns },
    spec: {
      nodeName: node,
      containers: [],
      volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })),
    },
  }) as IPod;

const volume = (claim: string, namespace: string, usedBytes: number, capacityBytes: number) => ({
  name: claim,
  usedBytes,
  capacityBytes,
  availableBytes: capacityBytes - usedBytes,
  pvcRef: { name: claim, namespace },
});

beforeEach(async () => {
  let driver;
  ({ api, driver } = await startFakeCluster());
  await driver.close();
  client = new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'jeton' }));
  now = Date.UTC(2026, 10, 29, 12);
});
afterEach(() => api.close());

describe('the kubelets’ volume stats', () => {
  it('say in French that RBAC refuses them, and ask again only after the period', async () => {
    const stats = new KubeletVolumeStats(client, 300_000, () => now);
    const pods = [pod('app-1', 'noeud-1', ['app-data'])];
    const refused = await stats.of(ns, pods);
    expect(refused).toMatchObject({
      volumes: [],
      notice: metricsHistoryNotices.diskStatsForbidden,
    });
    expect(refused!.notice).toContain('deploy/kubernetes/volume-stats.yaml');
    const asked = () => api.requests.filter((r) => r.path === nodeStatsPath('noeud-1')).length;
    await stats.of(ns, pods);
    expect(asked()).toBe(1);

    api.clusterGrants.add('|nodes/proxy|get');
    api.kubeletStats.set('noeud-1', {
      node: { nodeName: 'noeud-1' },
      pods: [
        { podRef: { name: 'app-1', namespace: ns }, volume: [volume('app-data', ns, 9e8, 1e9)] },
        // Another tenant's claim of the same name on the node: never counted.
        {
          podRef: { name: 'x', namespace: 'autre' },
          volume: [volume('app-data', 'autre', 1e9, 1e9)],
        },
      ],
    });
    now += 300_000;
    expect(await stats.of(ns, pods)).toEqual({
      volumes: [{ name: 'app-data', usedBytes: 9e8, capacityBytes: 1e9 }],
      measuredAt: new Date(now).toISOString(),
      notice: null,
    });
  });

  it('read each node once per period, skip a kubelet that does not answer, and say when none does', async () => {
    api.clusterGrants.add('|nodes/proxy|get');
    api.kubeletStats.set('noeud-1', {
      pods: [
        { podRef: { name: 'db-0', namespace: ns }, volume: [volume('db-data', ns, 1e8, 2e9)] },
      ],
    });
    const stats = new KubeletVolumeStats(client, 300_000, () => now);
    const pods = [pod('db-0', 'noeud-1', ['db-data']), pod('app-1', 'noeud-2', ['app-data'])];
    const usage = await stats.of(ns, pods);
    expect(usage!.volumes).toEqual([{ name: 'db-data', usedBytes: 1e8, capacityBytes: 2e9 }]);
    await stats.of(ns, pods);
    expect(api.requests.filter((r) => r.path === nodeStatsPath('noeud-1'))).toHaveLength(1);
    const down = await new KubeletVolumeStats(client, 300_000, () => now).of(ns, [pods[1]!]);
    expect(down).toMatchObject({ volumes: [], notice: metricsHistoryNotices.diskStatsUnavailable });
    // Pods without a claim: nothing to measure, nothing asked.
    expect(await stats.of(ns, [pod('web-1', 'noeud-1', [])])).toBeNull();
  });
});
