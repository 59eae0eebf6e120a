import {
  KubernetesDriver,
  type KubernetesDriverOptions,
} from '../../src/engine/drivers/kubernetes/kubernetes-driver';
import { renderApplication } from '../../src/engine/manifests/application';
import type { RenderOptions } from '../../src/engine/manifests/types';
import type { ApplicationRef, ApplicationSpec } from '../../src/engine/spec';
import { FakeKubeApi } from './fake-kube-api';

export const APPS_DOMAIN = 'apps.nuage.test';
export const TEST_RENDER: RenderOptions = { appsDomain: APPS_DOMAIN };

/** A driver connected to a fresh strict fake API server, through a kubeconfig with its URL and a token. */
export async function startFakeCluster(
  options: Partial<Omit<KubernetesDriverOptions, 'connection'>> = {},
): Promise<{ api: FakeKubeApi; driver: KubernetesDriver }> {
  const api = new FakeKubeApi();
  const server = await api.start();
  const driver = new KubernetesDriver({
    connection: { kind: 'server', server, token: 'jeton-de-test' },
    timeoutMs: 2000,
    watchRetryMs: 50,
    resyncMs: 0,
    // Request counts matter here, not pacing (bench/kubernetes-1000.mjs runs the default 50/s).
    rate: { qps: 1000, burst: 1000 },
    ...options,
    render: { ...TEST_RENDER, ...options.render },
  });
  return { api, driver };
}

export const refOf = (spec: ApplicationSpec): ApplicationRef => ({
  deploymentId: spec.deploymentId,
  name: spec.name,
  namespace: spec.namespace,
});

/**
 * The namespace an application lives in, as ensureEnvironment would have created it: with the
 * RoleBinding that gives the platform its rights there (without it, every request in the
 * namespace is refused, as on a real cluster).
 */
export function seedNamespace(api: FakeKubeApi, namespace: string) {
  api.put(`/api/v1/namespaces/${namespace}`, {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: namespace, labels: { 'app.kubernetes.io/managed-by': 'nuagedeploy' } },
  });
  api.put(
    `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/rolebindings/nuagedeploy-tenant`,
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'nuagedeploy-tenant', namespace },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'nuagedeploy-tenant',
      },
      subjects: [{ kind: 'ServiceAccount', name: 'nuagedeploy', namespace: 'nuagedeploy' }],
    },
  );
}

const podBase = (spec: ApplicationSpec, component: 'app' | 'database' | 'setup') => {
  const kind = ({ app: 'Deployment', database: 'StatefulSet', setup: 'Job' } as const)[component];
  const workload = renderApplication(spec, TEST_RENDER).find((o) => o.kind === kind);
  if (
    !workload ||
    (workload.kind !== 'Deployment' && workload.kind !== 'StatefulSet' && workload.kind !== 'Job')
  ) {
    throw new Error(`no ${component} workload`);
  }
  return workload.spec!.template;
};

/** Stores a pod as the cluster would create it for a component, with the status given. */
export function seedPod(
  api: FakeKubeApi,
  spec: ApplicationSpec,
  component: 'app' | 'database' | 'setup',
  name: string,
  status: Record<string, unknown>,
) {
  const template = podBase(spec, component);
  api.put(`/api/v1/namespaces/${spec.namespace}/pods/${name}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: spec.namespace, labels: template.metadata?.labels },
    spec: template.spec,
    status,
  });
}

export const readyStatus = (image: string) => ({
  phase: 'Running',
  conditions: [{ type: 'Ready', status: 'True' }],
  containerStatuses: [
    { name: 'main', image, ready: true, restartCount: 1, state: { running: {} } },
  ],
});

/** Waits until `check` passes (watch events arrive asynchronously). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * The namespace's ResourceQuota with these hard limits (cpu and memory, as limits and requests
 * alike); `used`, when given, is taken by a pod of something else running there (the quota
 * controller counts it, as it counts every live pod).
 */
export function seedQuota(
  api: FakeKubeApi,
  namespace: string,
  hard: { cpu: string; memory: string },
  used?: { cpu: string; memory: string },
) {
  const both = (q: { cpu: string; memory: string }) => ({
    'limits.cpu': q.cpu,
    'limits.memory': q.memory,
    'requests.cpu': q.cpu,
    'requests.memory': q.memory,
  });
  api.put(`/api/v1/namespaces/${namespace}/resourcequotas/nuagedeploy-quota`, {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name: 'nuagedeploy-quota', namespace },
    spec: { hard: both(hard) },
  });
  const other = `/api/v1/namespaces/${namespace}/pods/autre-charge`;
  if (!used) return api.remove(other);
  api.put(other, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'autre-charge', namespace },
    spec: {
      containers: [{ name: 'main', image: 'autre', resources: { limits: used, requests: used } }],
    },
    status: { phase: 'Running' },
  });
}
