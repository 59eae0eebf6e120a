import { clusterMessages } from '@nuage/shared/cluster-messages';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { ReleaseNotReadyError, RuntimeRejectedError } from '../../driver';
import type { DeploymentObject } from '../../manifests/types';
import type { ApplicationSpec } from '../../spec';
import type { KubeClient } from './kube-client';
import { type Demand, podDemand, readQuota } from './pod-quota';
import { type AppDeploymentKey, appLabels, keyOfSpec, liveDeployment } from './rollout-gate';
import { NO_SURGE, planRollout, type RolloutShape, type RolloutStrategy } from './rollout-plan';
import { TEMPLATE_HASH, templateHash } from './template-hash';
import type { WatchCache } from './watch-cache';

/**
 * The rollout plan (rollout-plan.ts) of a Deployment about to be applied or restarted, from
 * what the cluster holds: the namespace's quota, the application's live Deployment and pods
 * (watch cache).
 */

/** Whether the application's counted pods (not Succeeded or Failed) take quota. */
const counts = (pod: IPod) => pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';

export interface RolloutContext {
  live: IDeployment;
  shape: RolloutShape;
  /** What the quota leaves the application's pods: its limits minus everything else's use. */
  room: Demand;
}

/** The live Deployment, its pods and the quota's room, or null when nothing is deployed yet. */
export async function rolloutContext(
  deps: { client: KubeClient; cache: WatchCache },
  key: AppDeploymentKey,
  /** The applied shape; none: the live one again (a restart). */
  next: { replicas: number; pod: Demand } | null,
): Promise<RolloutContext | null> {
  const live = await liveDeployment(deps.cache, key);
  if (!live) return null;
  const pods = await deps.cache.objects<IPod>(key.namespace, 'Pod', appLabels(key));
  const current = pods.filter(counts).reduce(
    (sum, pod) => {
      const d = podDemand(pod.spec);
      return { cpuMilli: sum.cpuMilli + d.cpuMilli, ramMb: sum.ramMb + d.ramMb };
    },
    { cpuMilli: 0, ramMb: 0 },
  );
  const quota = await readQuota(deps.client, key.namespace);
  const others = (d: keyof Demand) => Math.max(0, quota.used[d] - current[d]);
  const from = { replicas: live.spec?.replicas ?? 1, pod: podDemand(live.spec?.template.spec) };
  return {
    live,
    shape: { current, from, to: next ?? from },
    room: {
      cpuMilli: quota.hard.cpuMilli - others('cpuMilli'),
      ramMb: quota.hard.ramMb - others('ramMb'),
    },
  };
}

/**
 * The strategy `deployment` is applied with, or a refusal before anything is applied (French;
 * a ReleaseNotReadyError while a version serves, so it stays current and says why).
 */
export async function strategyFor(
  deps: { client: KubeClient; cache: WatchCache },
  spec: ApplicationSpec,
  deployment: DeploymentObject,
  serving: boolean,
): Promise<RolloutStrategy | null> {
  const context = await rolloutContext(deps, keyOfSpec(spec), {
    replicas: deployment.spec?.replicas ?? 1,
    pod: podDemand(deployment.spec?.template.spec),
  });
  if (!context) return null;
  const liveHash = context.live.metadata?.annotations?.[TEMPLATE_HASH];
  const plan = planRollout({
    shape: context.shape,
    room: context.room,
    // A release's promise, when its template does change (a scale of a code application
    // changes no template; a Deployment applied before this annotation existed is not refused).
    surgeRequired: spec.template === 'code' && !!liveHash && liveHash !== templateHash(deployment),
  });
  if ('strategy' in plan) return plan.strategy;
  const reason = clusterMessages.rolloutNoRoom(plan.missing);
  if (serving) throw new ReleaseNotReadyError(reason);
  throw new RuntimeRejectedError(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
}

/**
 * A restart rolls every pod of the live template: with a surge when the quota holds one more
 * pod, else one pod at a time (its replacement starts once it has stopped: a short loss of
 * capacity, where a surge pod would wait forever for room). Null without a live Deployment.
 */
export async function restartStrategy(
  deps: { client: KubeClient; cache: WatchCache },
  key: AppDeploymentKey,
): Promise<RolloutStrategy | null> {
  const context = await rolloutContext(deps, key, null);
  if (!context) return null;
  const plan = planRollout({ shape: context.shape, room: context.room, surgeRequired: false });
  return 'strategy' in plan ? plan.strategy : NO_SURGE;
}
