import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { parsePath } from './fake-paths';
import { scaleReplicaSet, withoutHash } from './fake-deployment-replicasets';
import {
  canonical,
  childrenOf,
  controllerKind,
  controllerUid,
  metaOf,
  objectWithUid,
} from './fake-owners';
import {
  type Deployment,
  type ReplicaSet,
  ANNOTATIONS,
  proportionalSizes,
} from './fake-rollout-math';
import { replicaSetsPath } from './fake-replicasets';
import { syncRolloutStatus } from './fake-rollout-status';
import { recreate, rolling } from './fake-rollout-strategies';

/**
 * The Deployment controller (pkg/controller/deployment), through ReplicaSets: one per pod
 * template (named and labelled with its `pod-template-hash`), created when the template
 * changes. A change of replicas alone is a scaling event (each active ReplicaSet scaled in
 * proportion, leftovers to the largest); otherwise RollingUpdate (maxSurge rounded up,
 * maxUnavailable rounded down, 25 % each by default, 1 unavailable if both resolve to 0: new
 * pods up to replicas + maxSurge, old ones down while replicas − maxUnavailable stay
 * available, unhealthy old pods first) or Recreate (old pods gone before new ones start).
 * Status and conditions as the real one reports them (fake-rollout-status.ts).
 */

export function startDeploymentController(cluster: Cluster) {
  const { api } = cluster;
  const schedule = (path: string) =>
    cluster.schedule(`deployment:${path}`, () => syncDeployment(cluster, path));
  return (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (!p?.namespace || event.type === 'DELETED') return;
    if (p.plural === 'deployments') schedule(event.path);
    else if (p.plural === 'replicasets' && controllerKind(event.object) === 'Deployment') {
      const owner = objectWithUid(api, controllerUid(event.object)!);
      if (owner) schedule(owner[0]);
    }
  };
}

export function syncDeployment(cluster: Cluster, path: string): void {
  const d = cluster.api.objects.get(path) as Deployment | undefined;
  if (!d || metaOf(d).deletionTimestamp) return;
  const ns = parsePath(path)!.namespace!;
  const all = childrenOf(cluster.api, replicaSetsPath(ns), metaOf(d).uid!) as [
    string,
    ReplicaSet,
  ][];
  const wanted = canonical(d.spec.template);
  const newRs = all.find(([, rs]) => canonical(withoutHash(rs.spec.template)) === wanted);
  const oldRss = all.filter((entry) => entry !== newRs);
  const replicas = d.spec.replicas ?? 1;

  // A scaling event: an active ReplicaSet was sized for another replica count.
  const active = all.filter(([, rs]) => (rs.spec.replicas ?? 0) > 0);
  const scaling = active.some(([, rs]) => {
    const desired = metaOf(rs).annotations?.[ANNOTATIONS.desired];
    return desired !== undefined && Number(desired) !== replicas;
  });
  if (scaling) {
    scale(cluster, d, newRs, oldRss);
    return syncRolloutStatus(cluster, path, newRs?.[0], false);
  }
  if (d.spec.strategy?.type === 'Recreate') return recreate(cluster, path, d, newRs, oldRss);
  rolling(cluster, path, d, newRs, oldRss);
}

function scale(
  cluster: Cluster,
  d: Deployment,
  newRs: [string, ReplicaSet] | undefined,
  oldRss: [string, ReplicaSet][],
) {
  const all = [...(newRs ? [newRs] : []), ...oldRss];
  const active = all.filter(([, rs]) => (rs.spec.replicas ?? 0) > 0);
  const replicas = d.spec.replicas ?? 1;
  // One active ReplicaSet (or none: the newest) takes the whole count.
  if (active.length <= 1) {
    const target = active[0] ?? newRs ?? oldRss.at(-1);
    if (target) scaleReplicaSet(cluster, d, target[0], replicas);
    return;
  }
  // The new ReplicaSet saturated: the old ones go.
  if (
    newRs &&
    (newRs[1].spec.replicas ?? 0) === replicas &&
    (newRs[1].status?.availableReplicas ?? 0) === replicas
  ) {
    for (const [path] of active) if (path !== newRs[0]) scaleReplicaSet(cluster, d, path, 0);
    return;
  }
  if (d.spec.strategy?.type === 'Recreate') return;
  for (const [path, size] of proportionalSizes(d, active)) scaleReplicaSet(cluster, d, path, size);
}
