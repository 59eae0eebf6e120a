import { createPod, generatedSuffix } from './fake-admission';
import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { terminatePod } from './fake-kubelet';
import { type Json, parsePath } from './fake-paths';
import {
  childrenOf,
  controllerKind,
  controllerUid,
  isReadyPod,
  isTerminatingPod,
  metaOf,
  objectWithUid,
  ownerReference,
  withoutZeros,
} from './fake-owners';

/**
 * The Job controller for one-pod Jobs (the platform's setup, backup and build Jobs): nothing
 * while suspended; then a pod, through admission. A refused pod leaves the Job pending with no
 * condition — the real controller only records an event and tries again, which it does here
 * when room may have come back — so a Job the quota never admits stays "active" without a pod
 * until its activeDeadlineSeconds. A pod that succeeds completes the Job; failed pods are
 * replaced until backoffLimit (default 6), then the Job fails.
 */

type JobSpec = {
  suspend?: boolean;
  backoffLimit?: number;
  activeDeadlineSeconds?: number;
  template: { metadata?: { labels?: Json }; spec?: Json };
};
type Job = Json & { spec: JobSpec; status?: Json & { conditions?: Json[]; startTime?: string } };

const finished = (job: Job) =>
  (job.status?.conditions ?? []).some(
    (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );

export function syncJob(cluster: Cluster, path: string): void {
  const job = cluster.api.objects.get(path) as Job | undefined;
  if (!job || finished(job)) return;
  const ns = parsePath(path)!.namespace!;
  const name = metaOf(job).name;
  const pods = childrenOf(cluster.api, `/api/v1/namespaces/${ns}/pods`, metaOf(job).uid!);
  const phase = (p: Json) => (p.status as Json | undefined)?.phase;
  const active = pods.filter(
    ([, p]) => !isTerminatingPod(p) && phase(p) !== 'Succeeded' && phase(p) !== 'Failed',
  );
  if (job.spec.suspend) {
    for (const [p] of active) terminatePod(cluster, p);
    return;
  }
  const now = new Date().toISOString();
  const succeeded = pods.filter(([, p]) => phase(p) === 'Succeeded').length;
  const failed = pods.filter(([, p]) => phase(p) === 'Failed').length;
  const startTime = job.status?.startTime ?? now;
  const deadline = job.spec.activeDeadlineSeconds;
  let condition: Json | null = null;
  if (succeeded > 0) condition = { type: 'Complete', status: 'True', lastTransitionTime: now };
  else if (failed > (job.spec.backoffLimit ?? 6))
    condition = {
      type: 'Failed',
      status: 'True',
      reason: 'BackoffLimitExceeded',
      message: 'Job has reached the specified backoff limit',
      lastTransitionTime: now,
    };
  else if (deadline !== undefined && Date.now() - Date.parse(startTime) > deadline * 1000) {
    for (const [p] of active) terminatePod(cluster, p);
    condition = {
      type: 'Failed',
      status: 'True',
      reason: 'DeadlineExceeded',
      message: 'Job was active longer than specified deadline',
      lastTransitionTime: now,
    };
  } else if (active.length === 0) {
    const template = job.spec.template;
    createPod(cluster.api, ns, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${name}-${generatedSuffix()}`,
        labels: {
          ...template.metadata?.labels,
          'batch.kubernetes.io/job-name': name,
          'job-name': name,
          'batch.kubernetes.io/controller-uid': metaOf(job).uid,
          'controller-uid': metaOf(job).uid,
        },
        ownerReferences: [ownerReference(job, 'batch/v1', 'Job')],
      },
      spec: template.spec,
    });
  }
  const live = childrenOf(cluster.api, `/api/v1/namespaces/${ns}/pods`, metaOf(job).uid!).filter(
    ([, p]) => !isTerminatingPod(p) && phase(p) !== 'Succeeded' && phase(p) !== 'Failed',
  );
  const status = {
    startTime,
    ...withoutZeros({
      active: condition ? 0 : live.length,
      ready: condition ? 0 : live.filter(([, p]) => isReadyPod(p)).length,
      succeeded,
      failed,
    }),
    ...(condition
      ? {
          conditions: [...(job.status?.conditions ?? []), condition],
          ...(condition.type === 'Complete' ? { completionTime: now } : {}),
        }
      : job.status?.conditions
        ? { conditions: job.status.conditions }
        : {}),
  };
  if (JSON.stringify(status) !== JSON.stringify(job.status))
    cluster.api.update(path, (o) => ({ ...o, status }));
  if (!condition && deadline !== undefined)
    cluster.schedule(
      `job-deadline:${path}`,
      () => syncJob(cluster, path),
      Date.parse(startTime) + deadline * 1000 - Date.now() + 5,
    );
}

export function startJobController(cluster: Cluster) {
  const { api } = cluster;
  const schedule = (path: string) => cluster.schedule(`job:${path}`, () => syncJob(cluster, path));
  const all = (ns: string) => {
    for (const [path, job] of api.objects)
      if (path.startsWith(`/apis/batch/v1/namespaces/${ns}/jobs/`) && !finished(job as Job))
        schedule(path);
  };
  return (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (!p?.namespace) return;
    if (p.plural === 'jobs' && event.type !== 'DELETED') schedule(event.path);
    else if (p.plural === 'pods') {
      if (controllerKind(event.object) === 'Job') {
        const owner = objectWithUid(api, controllerUid(event.object)!);
        if (owner) schedule(owner[0]);
      }
      if (event.type === 'DELETED') all(p.namespace);
    } else if (p.plural === 'resourcequotas') all(p.namespace);
  };
}
