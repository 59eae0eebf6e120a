import { isDatabaseEngine } from '@nuage/shared/database-engines';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type { PodState } from '../../../db/schema/deployments';
import type { ApplicationObservation } from '../../driver';
import { LABELS } from '../../spec';
import { AUTOSCALED_ANNOTATION } from '../../manifests/workloads';
import { clusterMessages } from '@nuage/shared/cluster-messages';
import { podRefusalInFrench } from './refusal-text';
import { podFailureTexts, runtimeErrorTexts } from '@nuage/shared/messages/runtime';

export interface ObservedObjects {
  deployments: IDeployment[];
  statefulSets: IStatefulSet[];
  jobs: IJob[];
  pods: IPod[];
  ingresses: IIngress[];
}

type ContainerStatus = NonNullable<NonNullable<IPod['status']>['containerStatuses']>[number];

/** Waiting reasons after which Kubernetes will not get the container running by itself. */
function failureOf(pod: string, c: ContainerStatus): string | null {
  const waiting = c.state?.waiting;
  if (!waiting?.reason) return null;
  const detail = waiting.message ? ` : ${waiting.message}` : '';
  switch (waiting.reason) {
    case 'ImagePullBackOff':
    case 'ErrImagePull':
    case 'InvalidImageName':
      return podFailureTexts.imageUnavailable(c.image, pod, waiting.reason, detail);
    case 'CrashLoopBackOff':
      return c.lastState?.terminated?.reason === 'OOMKilled'
        ? podFailureTexts.outOfMemory(c.name, pod)
        : podFailureTexts.crashLoop(c.name, pod, c.lastState?.terminated?.exitCode);
    case 'CreateContainerConfigError':
    case 'CreateContainerError':
    case 'RunContainerError':
      return podFailureTexts.cannotStart(c.name, pod, waiting.reason, detail);
    default:
      return null;
  }
}

function podState(pod: IPod): PodState {
  const statuses = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const waiting = statuses.find((c) => c.state?.waiting?.reason)?.state?.waiting?.reason;
  return {
    name: pod.metadata?.name ?? '',
    status: pod.metadata?.deletionTimestamp
      ? 'Terminating'
      : (waiting ?? pod.status?.phase ?? 'Pending'),
    ready: pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
    restarts: (pod.status?.containerStatuses ?? []).reduce((sum, c) => sum + c.restartCount, 0),
  };
}

/**
 * A pod the quota refuses during a rollout, or while one of the application's pods is still
 * terminating, is a wait, not a failure: the ReplicaSet tries again once a stopped pod's grace
 * period has given its room back (a rollout without surge, a restart under a fully used
 * quota), and the rollout's deadline decides (ProgressDeadlineExceeded is a failure). A
 * Deployment whose rollout completed and that cannot get a pod back is failing.
 */
function quotaWaitIsTransient(
  message: string | undefined,
  progressing: { status: string; reason?: string } | undefined,
  pods: IPod[],
  deployment: IDeployment,
): boolean {
  if (!/exceeded quota/.test(message ?? '')) return false;
  // Its HPA asked for more pods than the quota holds while the others serve: the scale-up is
  // stopped (the autoscaling card and its notification say so), the application is not failing.
  if (
    deployment.metadata?.annotations?.[AUTOSCALED_ANNOTATION] === 'true' &&
    (deployment.status?.readyReplicas ?? 0) > 0
  )
    return true;
  const rolling = progressing?.status === 'True' && progressing.reason !== 'NewReplicaSetAvailable';
  return (
    rolling ||
    pods.some(
      (p) => p.metadata?.deletionTimestamp && p.metadata.labels?.[LABELS.component] === 'app',
    )
  );
}

const conditionTrue = (
  conditions: { type: string; status: string; reason?: string; message?: string }[] | undefined,
  type: string,
) => conditions?.find((c) => c.type === type && c.status === 'True');

/**
 * Deployment, database, setup job and pods → the phase the reconciler records. running: the
 * rollout is complete, every replica and the database are ready and no setup job is at work;
 * failed: Kubernetes reports
 * something it will not fix by itself; absent: no Deployment (nothing applied, or removed).
 * Like the Docker driver, a failed setup job is reported without failing the application.
 */
export function observe(objects: ObservedObjects): ApplicationObservation {
  const deployment = objects.deployments[0];
  const standalone = objects.statefulSets.find((s) =>
    isDatabaseEngine(s.metadata?.labels?.[LABELS.name] ?? ''),
  );
  if (!deployment && standalone) return observeDatabase(objects, standalone);
  if (!deployment)
    return { phase: 'absent', pods: [], readyReplicas: 0, url: null, reason: null, images: [] };

  const failures: string[] = [];
  const notes: string[] = [];
  const pods = objects.pods.filter((p) => p.status?.phase !== 'Succeeded');
  // Until the Deployment controller has seen the latest change (a new release, or a failed one
  // reverted), its conditions and its pods' states describe the template before: a failed
  // release's crash-looping pod, about to be scaled down, must not fail the release that serves.
  const current =
    (deployment.status?.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 0);
  for (const pod of pods) {
    // A pod being deleted is on its way out (an old ReplicaSet scaled down): not a failure.
    if (pod.metadata?.deletionTimestamp) continue;
    if (!current && pod.metadata?.labels?.[LABELS.component] === 'app') continue;
    const name = pod.metadata?.name ?? '';
    for (const c of [
      ...(pod.status?.initContainerStatuses ?? []),
      ...(pod.status?.containerStatuses ?? []),
    ]) {
      const failure = failureOf(name, c);
      if (failure) failures.push(failure);
    }
  }
  const conditions = current ? deployment.status?.conditions : undefined;
  const progressing = conditions?.find((c) => c.type === 'Progressing');
  const timedOut =
    progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded';
  const replicaFailure = conditionTrue(conditions, 'ReplicaFailure');
  if (
    replicaFailure &&
    (timedOut ||
      !quotaWaitIsTransient(replicaFailure.message, progressing, objects.pods, deployment))
  )
    failures.push(podRefusalInFrench(replicaFailure.message, replicaFailure.reason));
  if (timedOut)
    failures.push(clusterMessages.rolloutDeadline(deployment.spec?.progressDeadlineSeconds ?? 600));
  for (const job of objects.jobs) {
    const failed = conditionTrue(job.status?.conditions, 'Failed');
    if (failed)
      notes.push(
        runtimeErrorTexts.setupFailed(job.metadata?.name, failed.message ?? failed.reason),
      );
  }

  // The pods its HPA asked for beyond the quota never come: the ones that exist are the rollout.
  const hpaHeldByQuota =
    replicaFailure !== undefined &&
    /exceeded quota/.test(replicaFailure.message ?? '') &&
    deployment.metadata?.annotations?.[AUTOSCALED_ANNOTATION] === 'true';
  const desired = hpaHeldByQuota
    ? Math.min(deployment.spec?.replicas ?? 1, Math.max(1, deployment.status?.replicas ?? 0))
    : (deployment.spec?.replicas ?? 1);
  const status = deployment.status ?? {};
  const readyReplicas = status.readyReplicas ?? 0;
  const rolledOut = current && (status.updatedReplicas ?? 0) >= desired && readyReplicas >= desired;
  const databaseReady = objects.statefulSets.every(
    (s) => (s.status?.readyReplicas ?? 0) >= (s.spec?.replicas ?? 1),
  );
  // A setup job at work (WordPress's `wp core install`): the site answers 500 until it is done.
  const setupRunning = objects.jobs.some(
    (job) => (job.status?.active ?? 0) > 0 && !conditionTrue(job.status?.conditions, 'Failed'),
  );
  const phase =
    failures.length > 0
      ? 'failed'
      : rolledOut && databaseReady && !setupRunning
        ? 'running'
        : 'starting';

  // The custom domain when there is one, else the platform's `<label>.<APPS_DOMAIN>`.
  const ingress =
    objects.ingresses.find(
      (i) => i.metadata?.annotations?.['nuagedeploy.io/host-kind'] === 'domain',
    ) ?? objects.ingresses[0];
  const host = ingress?.spec?.rules?.[0]?.host;
  const url = host ? `${ingress?.spec?.tls?.length ? 'https' : 'http'}://${host}` : null;

  const images = [deployment, ...objects.statefulSets].flatMap(
    (w) => w.spec?.template.spec?.containers.map((c) => c.image ?? '') ?? [],
  );
  return {
    phase,
    pods: pods.map(podState),
    readyReplicas,
    url,
    reason: [...failures, ...notes].join(' ; ') || null,
    images: [...new Set(images.filter(Boolean))],
  };
}

/**
 * A database of an environment (issue 25) has no Deployment: its StatefulSet's one pod ready
 * is "running"; a container Kubernetes will not fix by itself fails it; its password task's
 * failure is reported without failing it, as an application's setup is.
 */
function observeDatabase(
  objects: ObservedObjects,
  statefulSet: ObservedObjects['statefulSets'][number],
): ApplicationObservation {
  const pods = objects.pods.filter(
    (p) => p.status?.phase !== 'Succeeded' && !p.metadata?.deletionTimestamp,
  );
  const failures: string[] = [];
  for (const pod of pods)
    for (const c of pod.status?.containerStatuses ?? []) {
      const failure = failureOf(pod.metadata?.name ?? '', c);
      if (failure) failures.push(failure);
    }
  const notes: string[] = [];
  for (const job of objects.jobs) {
    const failed = conditionTrue(job.status?.conditions, 'Failed');
    if (failed)
      notes.push(
        runtimeErrorTexts.setupFailed(job.metadata?.name, failed.message ?? failed.reason),
      );
  }
  const ready = (statefulSet.status?.readyReplicas ?? 0) >= (statefulSet.spec?.replicas ?? 1);
  const images = statefulSet.spec?.template.spec?.containers.map((c) => c.image ?? '') ?? [];
  return {
    phase: failures.length ? 'failed' : ready ? 'running' : 'starting',
    pods: pods.map(podState),
    readyReplicas: statefulSet.status?.readyReplicas ?? 0,
    url: null,
    reason: [...failures, ...notes].join(' ; ') || null,
    images: images.filter(Boolean),
  };
}
