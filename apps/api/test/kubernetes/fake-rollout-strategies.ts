import type { Cluster } from './fake-controllers';
import { newReplicaSet, scaleReplicaSet } from './fake-deployment-replicasets';
import { type Json, parsePath } from './fake-paths';
import { childrenOf, metaOf } from './fake-owners';
import {
  type Deployment,
  type ReplicaSet,
  fenceposts,
  newReplicaSetReplicas,
  sum,
} from './fake-rollout-math';
import { syncRolloutStatus } from './fake-rollout-status';

/**
 * The Deployment controller's two strategies (rolloutRolling, rolloutRecreate): RollingUpdate
 * grows the new ReplicaSet within replicas + maxSurge pods and shrinks the old ones while
 * replicas − maxUnavailable stay available (unhealthy old pods first); Recreate stops every
 * old pod, waits for them to be gone, then starts the new ones.
 */

export function rolling(
  cluster: Cluster,
  path: string,
  d: Deployment,
  found: [string, ReplicaSet] | undefined,
  oldRss: [string, ReplicaSet][],
) {
  const replicas = d.spec.replicas ?? 1;
  const newRs =
    found ??
    newReplicaSet(
      cluster,
      path,
      d,
      newReplicaSetReplicas(
        d,
        oldRss.map(([, rs]) => rs),
        0,
      ),
    );
  const current = () => oldRss.map(([p]) => cluster.api.objects.get(p) as ReplicaSet);
  // New pods first, within replicas + maxSurge.
  const size = newRs[1].spec.replicas ?? 0;
  if (size !== replicas) {
    const target =
      size > replicas ? replicas : newReplicaSetReplicas(d, [...current(), newRs[1]], size);
    if (scaleReplicaSet(cluster, d, newRs[0], target))
      return syncRolloutStatus(cluster, path, newRs[0]);
  }
  if (scaleDownOld(cluster, d, newRs[0], oldRss)) return syncRolloutStatus(cluster, path, newRs[0]);
  syncRolloutStatus(cluster, path, newRs[0]);
}

/** reconcileOldReplicaSets: unhealthy old pods first, then down to replicas − maxUnavailable available. */
function scaleDownOld(
  cluster: Cluster,
  d: Deployment,
  newPath: string,
  oldRss: [string, ReplicaSet][],
) {
  const get = (p: string) => cluster.api.objects.get(p) as ReplicaSet;
  const olds = () =>
    oldRss.map(([p]) => [p, get(p)] as [string, ReplicaSet]).filter(([, rs]) => rs);
  if (sum(olds(), (rs) => rs.spec.replicas ?? 0) === 0) return false;
  const newRs = get(newPath);
  const replicas = d.spec.replicas ?? 1;
  const [, unavailable] = fenceposts(d);
  const minAvailable = replicas - unavailable;
  const all = () => [...olds(), [newPath, get(newPath)] as [string, ReplicaSet]];
  const newUnavailable = (newRs.spec.replicas ?? 0) - (newRs.status?.availableReplicas ?? 0);
  const maxScaledDown = sum(all(), (rs) => rs.spec.replicas ?? 0) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const byAge = (list: [string, ReplicaSet][]) =>
    [...list].sort(
      ([, a], [, b]) =>
        Date.parse(String(metaOf(a).creationTimestamp)) -
        Date.parse(String(metaOf(b).creationTimestamp)),
    );
  let cleaned = 0;
  for (const [p, rs] of byAge(olds())) {
    if (cleaned >= maxScaledDown) break;
    const size = rs.spec.replicas ?? 0;
    const unhealthy = size - (rs.status?.availableReplicas ?? 0);
    if (size === 0 || unhealthy <= 0) continue;
    const down = Math.min(maxScaledDown - cleaned, unhealthy);
    scaleReplicaSet(cluster, d, p, size - down);
    cleaned += down;
  }
  const available = sum(all(), (rs) => rs.status?.availableReplicas ?? 0);
  let scaledDown = 0;
  const total = available - minAvailable;
  for (const [p, rs] of byAge(olds())) {
    if (scaledDown >= total) break;
    const size = rs.spec.replicas ?? 0;
    if (size === 0) continue;
    const down = Math.min(size, total - scaledDown);
    scaleReplicaSet(cluster, d, p, size - down);
    scaledDown += down;
  }
  return cleaned + Math.max(0, scaledDown) > 0;
}

/** rolloutRecreate: every old pod stopped and gone before the new ReplicaSet starts any. */
export function recreate(
  cluster: Cluster,
  path: string,
  d: Deployment,
  found: [string, ReplicaSet] | undefined,
  oldRss: [string, ReplicaSet][],
) {
  let scaledDown = false;
  for (const [p, rs] of oldRss)
    if ((rs.spec.replicas ?? 0) > 0) scaledDown = scaleReplicaSet(cluster, d, p, 0) || scaledDown;
  if (scaledDown) return syncRolloutStatus(cluster, path, found?.[0]);
  const ns = parsePath(path)!.namespace!;
  const oldRunning = oldRss.some(([, rs]) =>
    childrenOf(cluster.api, `/api/v1/namespaces/${ns}/pods`, metaOf(rs).uid!).some(([, pod]) => {
      const phase = (pod.status as Json | undefined)?.phase;
      return phase !== 'Succeeded' && phase !== 'Failed';
    }),
  );
  if (oldRunning) return syncRolloutStatus(cluster, path, found?.[0]);
  const newRs = found ?? newReplicaSet(cluster, path, d, 0);
  scaleReplicaSet(cluster, d, newRs[0], d.spec.replicas ?? 1);
  syncRolloutStatus(cluster, path, newRs[0]);
}
