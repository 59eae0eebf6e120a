import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type { DeploymentObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { KubeApiRejection, type KubeClient } from './kube-client';
import { podLogPath } from './paths';
import { podRefusalInFrench } from './refusal-text';
import { TEMPLATE_HASH } from './template-hash';
import type { WatchCache } from './watch-cache';
import { rolloutFailureTexts } from '@nuage/shared/messages/runtime';

/**
 * Health-gated releases on Kubernetes, as on Docker (engine/reconcile/release-gate.ts): the Deployment
 * rolls as rollout-plan.ts chose (the pods that serve stay until new ones are available when
 * the quota holds the surge); the driver watches the rollout (through the watch cache) and a
 * change counts as applied only once it is complete. When it fails (progress deadline
 * exceeded, new pods crash-looping or without an image), the Deployment is applied back with
 * the serving pod template, so the cluster does not stay half-rolled, and the driver throws
 * ReleaseNotReadyError with a French reason worded as the Docker runtime's.
 *
 * A pod the quota refuses is not a failure by itself: the plan made room for the rollout, and
 * the controller tries again once a stopped pod's grace period gives its room back (a real
 * cluster refuses the replacement of a pod still terminating). Only the deadline ends such a
 * rollout, and then the quota is what the reason names.
 */

export interface RolloutWatchOptions {
  /** How often the Deployment and its pods are read from the watch cache (default 1 s). */
  pollMs?: number;
  /** The driver's own limit, past the Deployment's progressDeadlineSeconds (default: it + 60 s). */
  waitMs?: number;
}

/**
 * What served before an apply: the live Deployment, and the pods that existed then (by uid):
 * a failure counts only on pods created after it, never on one a previous rollout left.
 */
export interface Serving {
  deployment: IDeployment;
  pods: Set<string | undefined>;
}

/** Restarts after which a new pod that never became ready counts as crash-looping (as on Docker). */
const CRASH_LOOP_RESTARTS = 2;
const IMAGE_FAILURES = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName']);

/** The application's Deployment by name, as a spec or a ref names it. */
export interface AppDeploymentKey {
  namespace: string;
  deploymentId: string;
  deploymentName: string;
}
export const keyOfSpec = (spec: ApplicationSpec): AppDeploymentKey => ({
  namespace: spec.namespace,
  deploymentId: spec.deploymentId,
  deploymentName: spec.app.name,
});

export const appLabels = (key: { deploymentId: string }) => ({
  [LABELS.managedBy]: MANAGED_BY,
  [LABELS.deploymentId]: key.deploymentId,
  [LABELS.component]: 'app',
});

const isReady = (pod: IPod) =>
  pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

export async function liveDeployment(cache: WatchCache, key: AppDeploymentKey) {
  const all = await cache.objects<IDeployment>(key.namespace, 'Deployment', appLabels(key));
  return all.find((d) => d.metadata?.name === key.deploymentName);
}

/**
 * The application's Deployment when at least one of its pods is available: only then is there
 * something to keep serving (a first deploy, or one scaled to zero, has nothing to go back to).
 */
export async function servingBefore(
  cache: WatchCache,
  spec: ApplicationSpec,
): Promise<Serving | null> {
  const deployment = await liveDeployment(cache, keyOfSpec(spec));
  if (!deployment || (deployment.status?.availableReplicas ?? 0) < 1) return null;
  const pods = await cache.objects<IPod>(spec.namespace, 'Pod', appLabels(spec));
  return {
    deployment: structuredClone(deployment),
    pods: new Set(pods.map((p) => p.metadata?.uid)),
  };
}

/** Whether an apply changed the pod template (a rollout); a scale or a label alone does not. */
export const templateChanged = (serving: Serving, applied: { spec?: unknown }) =>
  JSON.stringify(serving.deployment.spec?.template) !==
  JSON.stringify((applied.spec as IDeployment['spec'])?.template);

/**
 * The rendered Deployment with the serving pod template and replica count: what goes back,
 * with the serving one's template hash (none if it had none: unknown, never a false "same").
 */
export function revertedDeployment(rendered: DeploymentObject, serving: Serving): DeploymentObject {
  const live = serving.deployment.spec!;
  const annotations = { ...rendered.metadata.annotations };
  const servingHash = serving.deployment.metadata?.annotations?.[TEMPLATE_HASH];
  if (servingHash) annotations[TEMPLATE_HASH] = servingHash;
  else delete annotations[TEMPLATE_HASH];
  return {
    ...rendered,
    metadata: { ...rendered.metadata, annotations },
    spec: { ...rendered.spec!, replicas: live.replicas, template: structuredClone(live.template) },
  } as DeploymentObject;
}

/** Waits for the rollout of `generation`: null once complete, else why not (French). */
export async function watchRollout(
  deps: { cache: WatchCache; client: KubeClient },
  spec: ApplicationSpec,
  serving: Serving,
  generation: number,
  options: RolloutWatchOptions = {},
): Promise<string | null> {
  const first = await liveDeployment(deps.cache, keyOfSpec(spec));
  const deadlineSeconds = first?.spec?.progressDeadlineSeconds ?? 600;
  const until = Date.now() + (options.waitMs ?? (deadlineSeconds + 60) * 1000);
  let refusedByQuota = false;
  for (;;) {
    const d = await liveDeployment(deps.cache, keyOfSpec(spec));
    if (!d) return rolloutFailureTexts.deploymentDeleted;
    const status = d.status ?? {};
    const replicas = d.spec?.replicas ?? 1;
    const observed = (status.observedGeneration ?? 0) >= generation;
    if (
      observed &&
      (status.updatedReplicas ?? 0) === replicas &&
      (status.availableReplicas ?? 0) === replicas &&
      (status.replicas ?? 0) === replicas
    )
      return null;
    if (observed && quotaRefusal(d)) refusedByQuota = true;
    const failure =
      (observed ? deploymentFailure(d, refusedByQuota) : null) ??
      (await podFailure(deps, spec, serving));
    if (failure) return failure;
    if (Date.now() >= until) return refusedByQuota ? QUOTA_REASON : notReadyIn(deadlineSeconds);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
}

const notReadyIn = rolloutFailureTexts.notReadyIn;

const QUOTA_REASON = rolloutFailureTexts.quotaNoRoom;

/** The controller could not create a pod because of the namespace's quota (for now). */
const quotaRefusal = (d: IDeployment) =>
  (d.status?.conditions ?? []).some(
    (c) =>
      c.type === 'ReplicaFailure' && c.status === 'True' && /exceeded quota/.test(c.message ?? ''),
  );

/**
 * What the Deployment controller itself reports: the deadline passed (with pods the quota
 * refused on the way, that is the reason), or pods it cannot create for another reason.
 */
function deploymentFailure(d: IDeployment, refusedByQuota: boolean): string | null {
  const conditions = d.status?.conditions ?? [];
  const progressing = conditions.find((c) => c.type === 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded')
    return refusedByQuota ? QUOTA_REASON : notReadyIn(d.spec?.progressDeadlineSeconds ?? 600);
  const other = conditions.find(
    (c) =>
      c.type === 'ReplicaFailure' && c.status === 'True' && !/exceeded quota/.test(c.message ?? ''),
  );
  if (other) return podRefusalInFrench(other.message, other.reason).replace(/\.$/, '');
  return null;
}

/** A pod created since the apply, crash-looping or without its image. */
async function podFailure(
  deps: { cache: WatchCache; client: KubeClient },
  spec: ApplicationSpec,
  serving: Serving,
): Promise<string | null> {
  const pods = await deps.cache.objects<IPod>(spec.namespace, 'Pod', appLabels(spec));
  for (const pod of pods) {
    if (serving.pods.has(pod.metadata?.uid) || isReady(pod)) continue;
    for (const c of pod.status?.containerStatuses ?? []) {
      const waiting = c.state?.waiting;
      if (waiting?.reason && IMAGE_FAILURES.has(waiting.reason))
        return rolloutFailureTexts.imagePull(waiting.reason, waiting.message?.slice(0, 200));
      if (waiting?.reason === 'CrashLoopBackOff' || c.restartCount >= CRASH_LOOP_RESTARTS) {
        const ended = c.lastState?.terminated ?? c.state?.terminated;
        const how = rolloutFailureTexts.crashLoop(
          c.restartCount,
          ended && { code: ended.exitCode, oomKilled: ended.reason === 'OOMKilled' },
        );
        const last = await lastLogLine(deps.client, spec.namespace, pod.metadata?.name, c.name);
        return last ? `${how} : ${last.slice(0, 300)}` : how;
      }
    }
  }
  return null;
}

/** The last line the crashed instance wrote (its previous run's log), or null. */
async function lastLogLine(
  client: KubeClient,
  namespace: string,
  pod: string | undefined,
  container: string,
): Promise<string | null> {
  if (!pod) return null;
  try {
    const text = await client.text('GET', podLogPath(namespace, pod), {
      query: { container, previous: true, tailLines: 20 },
    });
    return (
      text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .at(-1) ?? null
    );
  } catch (error) {
    if (error instanceof KubeApiRejection) return null;
    throw error;
  }
}
