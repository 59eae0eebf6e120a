import { serviceOfPod } from '@nuage/shared/compose-pods';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type { ApplicationMetrics } from '../../driver';
import { SERVICE_LABEL } from '../../manifests/stack';
import { LABELS, type StackRef } from '../../spec';
import { usagePerService } from '../service-usage';
import { KubeApiRejection, KubeApiUnavailable, type KubeClient, isNotFound } from './kube-client';
import { podLogPath } from './paths';
import { cpuMilli, ramMb } from './quantities';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/** Application pods first, then its database, then setup pods: the order users read logs in. */
const COMPONENT_ORDER = ['app', 'database', 'setup'];
const rank = (pod: IPod) => {
  const index = COMPONENT_ORDER.indexOf(pod.metadata?.labels?.[LABELS.component] ?? '');
  return index < 0 ? COMPONENT_ORDER.length : index;
};

/**
 * The last `tailLines` lines of every container of every pod, each line prefixed by its pod
 * (and container, when the pod has several). A pod that cannot give logs yet (still pulling,
 * already gone) says so in one line instead of failing the whole answer.
 */
export async function podLogs(
  client: KubeClient,
  namespace: string,
  pods: IPod[],
  tailLines: number,
): Promise<string> {
  const sorted = [...pods].sort(
    (a, b) => rank(a) - rank(b) || (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''),
  );
  const out: string[] = [];
  for (const pod of sorted) {
    const name = pod.metadata?.name ?? '';
    const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map(
      (c) => c.name,
    );
    for (const container of containers) {
      const prefix = containers.length > 1 ? `[${name}/${container}]` : `[${name}]`;
      try {
        const text = await client.text('GET', podLogPath(namespace, name), {
          query: { container, tailLines },
        });
        const lines = text.split('\n');
        if (lines.at(-1) === '') lines.pop();
        out.push(...lines.map((line) => `${prefix} ${line}`));
      } catch (error) {
        if (error instanceof KubeApiRejection) {
          out.push(`${prefix} (journal indisponible : ${error.message})`);
        } else if (kubeletFailed(error)) {
          out.push(`${prefix} ${kubeletUnavailable(name, pod.spec?.nodeName, error.code)}`);
        } else {
          throw error;
        }
      }
    }
  }
  return out.join('\n');
}

/**
 * The API server reads a pod's log from the kubelet of the pod's node and answers 500 (502/504
 * through some proxies) when that kubelet does not answer (`dial tcp …:10250: connect:
 * connection refused`): one node's trouble, not the cluster's. Only the API server itself not
 * answering, overloaded (503) or throttling (429) makes the whole read unavailable.
 */
const kubeletFailed = (error: unknown): error is KubeApiUnavailable =>
  error instanceof KubeApiUnavailable &&
  error.code !== null &&
  error.code !== 503 &&
  error.code !== 429;

const kubeletUnavailable = runtimeErrorTexts.kubeletUnavailable;

interface PodMetricsList {
  items?: {
    /** metrics-server copies the pod's labels (what the label selector matched). */
    metadata?: { name?: string; labels?: Record<string, string> };
    containers?: { name: string; usage?: { cpu?: string; memory?: string } }[];
  }[];
}

/**
 * The Compose service a stack's pod runs (manifests/stack.ts): the other services' pods carry
 * it in their `nuagedeploy.io/service` label, the exposed service's are the application's own
 * (component app); from the name should the labels be missing.
 */
export function serviceOfPodMetrics(
  metadata: { name?: string; labels?: Record<string, string> } | undefined,
  stack: StackRef,
): string {
  const labels = metadata?.labels ?? {};
  const labelled = labels[SERVICE_LABEL];
  if (labelled && stack.services.includes(labelled)) return labelled;
  if (labels[LABELS.component] === 'app') return stack.exposed;
  return serviceOfPod(metadata?.name ?? '', stack.services, stack.exposed);
}

/**
 * Usage from the metrics API (metrics-server). Null when it is not installed (404) or its
 * APIService is registered but down (503): the cluster itself answered, it has no metrics.
 */
export async function podMetrics(
  client: KubeClient,
  namespace: string,
  labelSelector: string,
  stack?: StackRef,
): Promise<ApplicationMetrics | null> {
  let list: PodMetricsList;
  try {
    list = await client.json<PodMetricsList>(
      'GET',
      `/apis/metrics.k8s.io/v1beta1/namespaces/${encodeURIComponent(namespace)}/pods`,
      { query: { labelSelector } },
    );
  } catch (error) {
    if (isNotFound(error) || (error instanceof KubeApiUnavailable && error.code === 503))
      return null;
    throw error;
  }
  const items = list.items ?? [];
  const pods = items.map((item) => ({
    name: item.metadata?.name ?? '',
    cpuMilli: (item.containers ?? []).reduce((sum, c) => sum + cpuMilli(c.usage?.cpu), 0),
    ramMb: (item.containers ?? []).reduce((sum, c) => sum + ramMb(c.usage?.memory), 0),
  }));
  return {
    cpuMilli: pods.reduce((sum, p) => sum + p.cpuMilli, 0),
    ramMb: pods.reduce((sum, p) => sum + p.ramMb, 0),
    pods,
    // The metrics API gives no network nor restarts: per service, CPU and memory only.
    ...(stack && {
      services: usagePerService(
        stack,
        pods.map((p, i) => ({ ...p, service: serviceOfPodMetrics(items[i]!.metadata, stack) })),
      ),
    }),
    source: 'kubernetes',
    collectedAt: new Date().toISOString(),
  };
}
