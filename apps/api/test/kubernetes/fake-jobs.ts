import { expect } from 'vitest';
import { eventually, seedQuota as seedNamespaceQuota } from './fake-cluster';
import type { FakeKubeApi } from './fake-kube-api';

/**
 * The backup, restore and test-restore Jobs' tests play the Job controller and the kubelet
 * themselves (or finish the pod fake-job-controller.ts created): the Jobs found by name,
 * resumed (the driver creates them suspended), run to an outcome with their logs; the
 * namespace's ResourceQuota with what other workloads use.
 */

/** The fields of a stored Job these tests read. */
export interface JobJson {
  metadata: { name: string };
  spec: {
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: { env: unknown[] }[];
        initContainers: { env: unknown[] }[];
      };
    };
  };
}

export function jobHelpers(apiOf: () => FakeKubeApi, ns: string) {
  const JOBS = `/apis/batch/v1/namespaces/${ns}/jobs`;
  /** The Job once the driver resumed it (created suspended, resumed once its Secret exists). */
  const startedJob = (part: string) =>
    eventually(() => {
      const found = jobsNamed(part);
      expect(found).toHaveLength(1);
      expect((found[0]!.object.spec as { suspend?: boolean }).suspend).toBe(false);
      return found;
    });
  const SECRETS = `/api/v1/namespaces/${ns}/secrets`;
  const transferSecret = (jobName: string) =>
    apiOf().objects.get(`${SECRETS}/${jobName}-transfer`) as
      | { data: Record<string, string>; metadata: { ownerReferences?: { uid: string }[] } }
      | undefined;

  /** The namespace's quota, and `used` taken by another workload (fake-cluster.ts seedQuota). */
  const seedQuota = (
    hard: { cpu: string; memory: string },
    used: { cpu: string; memory: string },
  ) => seedNamespaceQuota(apiOf(), ns, hard, used);

  const jobsNamed = (part: string) =>
    [...apiOf().objects.entries()]
      .filter(([path]) => path.startsWith(`${JOBS}/`) && path.includes(part))
      .map(([path, o]) => ({ path, object: o as unknown as JobJson }));

  /** Runs the Job as the cluster would: its pod with the logs given, then the condition. */
  function finish(
    path: string,
    name: string,
    outcome: 'Complete' | 'Failed',
    logs: Record<string, string>,
  ) {
    const job = apiOf().objects.get(path) as unknown as JobJson;
    const pod = `${name}-x7k2p`;
    apiOf().put(`/api/v1/namespaces/${ns}/pods/${pod}`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: pod,
        namespace: ns,
        labels: { ...job.spec.template.metadata.labels, 'job-name': name },
      },
      spec: job.spec.template.spec,
      status: { phase: outcome === 'Complete' ? 'Succeeded' : 'Failed' },
    });
    for (const [container, text] of Object.entries(logs)) {
      apiOf().logs.set(`${ns}/${pod}/${container}`, text);
    }
    apiOf().update(path, (o) => ({
      ...o,
      status: {
        conditions: [
          {
            type: outcome,
            status: 'True',
            ...(outcome === 'Failed'
              ? {
                  reason: 'BackoffLimitExceeded',
                  message: 'Job has reached the specified backoff limit',
                }
              : {}),
          },
        ],
      },
    }));
  }

  return { startedJob, transferSecret, seedQuota, jobsNamed, finish };
}
