import { renderApplication } from '../../manifests/application';
import type { ApplicationRef, ApplicationSpec } from '../../spec';
import { FakeKubeApi } from './fake-kube-api';
import { KubernetesDriver } from './kubernetes-driver';

/** A driver connected to a fresh fake API server, through a kubeconfig with its URL and a token. */
export async function startFakeCluster(
  timeoutMs = 2000,
): Promise<{ api: FakeKubeApi; driver: KubernetesDriver }> {
  const api = new FakeKubeApi();
  const server = await api.start();
  const driver = new KubernetesDriver({
    connection: { kind: 'server', server, token: 'jeton-de-test' },
    timeoutMs,
  });
  return { api, driver };
}

export const refOf = (spec: ApplicationSpec): ApplicationRef => ({
  deploymentId: spec.deploymentId,
  name: spec.name,
  namespace: spec.namespace,
});

const podBase = (spec: ApplicationSpec, component: 'app' | 'database' | 'setup') => {
  const workload = renderApplication(spec).find(
    (o) =>
      o.kind === ({ app: 'Deployment', database: 'StatefulSet', setup: 'Job' } as const)[component],
  );
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
  api.objects.set(`/api/v1/namespaces/${spec.namespace}/pods/${name}`, {
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
