import type { KubeConnection } from '../../src/engine/drivers/kubernetes/kubeconfig';
import { runControllers } from '../kubernetes/fake-controllers';
import { FakeKubeApi } from '../kubernetes/fake-kube-api';

/**
 * Which cluster `npm run test:cluster` drives: the one KUBECONFIG names (its current context,
 * or NUAGE_CLUSTER_CONTEXT), or, with NUAGE_CLUSTER_FAKE=1, the strict fake API server of the
 * driver's tests, started here with its controllers and kubelet (fake-controllers.ts: quota
 * admission of every pod, rolling updates with surge), every pod ready (so the suite itself is
 * known to work). Neither: the suite is skipped,
 * saying why.
 */
export type ClusterTarget =
  | { kind: 'skip'; reason: string }
  | { kind: 'cluster'; connection: KubeConnection; label: string; close(): Promise<void> };

export async function clusterTarget(): Promise<ClusterTarget> {
  if (process.env.NUAGE_CLUSTER_FAKE === '1') {
    const api = new FakeKubeApi();
    const server = await api.start();
    const stopControllers = runControllers(api, { podStartMs: 50 });
    return {
      kind: 'cluster',
      connection: { kind: 'server', server, token: 'jeton-test-cluster' },
      label: `the strict fake API server (${server})`,
      close: async () => {
        stopControllers();
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
