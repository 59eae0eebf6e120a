import { LABELS, MANAGED_BY, type EnvironmentSpec } from '../spec';
import { checkedLabels, cpu, dnsLabel, memory } from './meta';
import type { NamespaceObject, ResourceQuotaObject } from './types';

export const QUOTA_NAME = 'nuagedeploy-quota';

/** The namespace of an environment and the quota that caps it at the project's quota. */
export function renderEnvironment(env: EnvironmentSpec): [NamespaceObject, ResourceQuotaObject] {
  const namespace = dnsLabel(env.namespace);
  const labels = { ...checkedLabels(env.labels), [LABELS.managedBy]: MANAGED_BY };
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: namespace,
        // Applications need no privilege; "baseline" refuses host access and privileged pods.
        labels: { ...labels, 'pod-security.kubernetes.io/enforce': 'baseline' },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: QUOTA_NAME, namespace, labels },
      spec: {
        // requests = limits everywhere, so both are capped at the same amounts.
        hard: {
          'requests.cpu': cpu(env.quota.cpuMilli),
          'limits.cpu': cpu(env.quota.cpuMilli),
          'requests.memory': memory(env.quota.ramMb),
          'limits.memory': memory(env.quota.ramMb),
          'requests.storage': memory(env.quota.storageMb),
        },
      },
    },
  ];
}
