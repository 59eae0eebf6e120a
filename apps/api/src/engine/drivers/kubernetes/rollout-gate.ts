import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type { DeploymentObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { KubeApiRejection, type KubeClient } from './kube-client';
import { podLogPath } from './paths';
import type { WatchCache } from './watch-cache';

/**
 * Health-gated releases on Kubernetes, as on Docker (engine/release-gate.ts): the Deployment
 * rolls with maxUnavailable 0, so the pods that serve stay until new ones are available; the
 * driver watches the rollout (through the watch cache) and a change counts as applied only
 * once it is complete. When it fails (progress deadline exceeded, new pods crash-looping or
 * without an image, no room in the quota beside the serving pods), the Deployment is applied
 * back with the serving pod template, so the cluster does not stay half-rolled, and the
 * driver throws ReleaseNotReadyError with a French reason worded as the Docker runtime's.
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

const appLabels = (spec: ApplicationSpec) => ({
  [LABELS.managedBy]: MANAGED_BY,
  [LABELS.deploymentId]: spec.deploymentId,
  [LABELS.component]: 'app',
});

const isReady = (pod: IPod) =>
  pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

async function liveDeployment(cache: WatchCache, spec: ApplicationSpec) {
  const all = await cache.objects<IDeployment>(spec.namespace, 'Deployment', appLabels(spec));
  return all.find((d) => d.metadata?.name === spec.app.name);
}

/**
 * The application's Deployment when at least one of its pods is available: only then is there
 * something to keep serving (a first deploy, or one scaled to zero, has nothing to go back to).
 */
export async function servingBefore(
  cache: WatchCache,
  spec: ApplicationSpec,
): Promise<Serving | null> {
  const deployment = await liveDeployment(cache, spec);
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

/** The rendered Deployment with the serving pod template and replica count: what goes back. */
export function revertedDeployment(rendered: DeploymentObject, serving: Serving): DeploymentObject {
  const live = serving.deployment.spec!;
  return {
    ...rendered,
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
  const first = await liveDeployment(deps.cache, spec);
  const deadlineSeconds = first?.spec?.progressDeadlineSeconds ?? 600;
  const until = Date.now() + (options.waitMs ?? (deadlineSeconds + 60) * 1000);
  for (;;) {
    const d = await liveDeployment(deps.cache, spec);
    if (!d) return 'son Deployment a été supprimé pendant la mise à jour';
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
    const failure =
      (observed ? deploymentFailure(d) : null) ?? (await podFailure(deps, spec, serving));
    if (failure) return failure;
    if (Date.now() >= until) return notReadyIn(deadlineSeconds);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
}

const notReadyIn = (seconds: number) =>
  `elle n’a pas répondu à son test de disponibilité en ${seconds} s (vérifiez le port d’écoute)`;

/** What the Deployment controller itself reports: the deadline passed, or pods it could not create. */
function deploymentFailure(d: IDeployment): string | null {
  const conditions = d.status?.conditions ?? [];
  const quota = conditions.find(
    (c) =>
      c.type === 'ReplicaFailure' && c.status === 'True' && /exceeded quota/.test(c.message ?? ''),
  );
  if (quota)
    return 'le quota du projet ne laisse pas la place de la démarrer à côté de la version en ligne (augmentez le quota ou réduisez les ressources)';
  const progressing = conditions.find((c) => c.type === 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded')
    return notReadyIn(d.spec?.progressDeadlineSeconds ?? 600);
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
        return `son image ne peut pas être téléchargée (${waiting.reason}${waiting.message ? ` : ${waiting.message.slice(0, 200)}` : ''})`;
      if (waiting?.reason === 'CrashLoopBackOff' || c.restartCount >= CRASH_LOOP_RESTARTS) {
        const ended = c.lastState?.terminated ?? c.state?.terminated;
        const exit = ended
          ? `, code de sortie ${ended.exitCode}${ended.reason === 'OOMKilled' ? ', mémoire épuisée' : ''}`
          : '';
        const how = `le conteneur redémarre en boucle (${c.restartCount} redémarrages${exit})`;
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
