import type { KubeConnection } from '../../src/engine/drivers/kubernetes/kubeconfig';
import { runDeploymentController } from '../kubernetes/fake-deployment-controller';
import { FakeKubeApi } from '../kubernetes/fake-kube-api';
import type { Json } from '../kubernetes/fake-paths';

/**
 * Which cluster `npm run test:cluster` drives: the one KUBECONFIG names (its current context,
 * or NUAGE_CLUSTER_CONTEXT), or, with NUAGE_CLUSTER_FAKE=1, the strict fake API server of the
 * driver's tests, started here with its Deployment controller and a kubelet that makes every
 * database replica ready (so the suite itself is known to work). Neither: the suite is skipped,
 * saying why.
 */
export type ClusterTarget =
  | { kind: 'skip'; reason: string }
  | { kind: 'cluster'; connection: KubeConnection; label: string; close(): Promise<void> };

export async function clusterTarget(): Promise<ClusterTarget> {
  if (process.env.NUAGE_CLUSTER_FAKE === '1') {
    const api = new FakeKubeApi();
    const server = await api.start();
    const stopDeployments = runDeploymentController(api, () => 'complete', { delayMs: 50 });
    const kubelet = readyStatefulSets(api);
    return {
      kind: 'cluster',
      connection: { kind: 'server', server, token: 'jeton-test-cluster' },
      label: `the strict fake API server (${server})`,
      close: async () => {
        stopDeployments();
        api.controllers.delete(kubelet);
        await api.close();
      },
    };
  }
  const path = process.env.KUBECONFIG?.split(':')[0];
  if (!path)
    return {
      kind: 'skip',
      reason:
        'KUBECONFIG is not set: set it to the cluster to check (or NUAGE_CLUSTER_FAKE=1 for the strict fake API server)',
    };
  const context = process.env.NUAGE_CLUSTER_CONTEXT;
  return {
    kind: 'cluster',
    connection: { kind: 'file', path, ...(context ? { context } : {}) },
    label: `KUBECONFIG ${path}${context ? ` (context ${context})` : ''}`,
    close: async () => {},
  };
}

function readyStatefulSets(api: FakeKubeApi) {
  const controller = (event: { type: string; path: string; object: Json }) => {
    if (event.type === 'DELETED' || event.object.kind !== 'StatefulSet') return;
    const replicas = (event.object.spec as { replicas?: number }).replicas ?? 1;
    if ((event.object.status as { readyReplicas?: number } | undefined)?.readyReplicas === replicas)
      return;
    setTimeout(() => {
      if (api.has(event.path))
        api.update(event.path, (o) => ({ ...o, status: { replicas, readyReplicas: replicas } }));
    }, 50);
  };
  api.controllers.add(controller);
  return controller;
}
