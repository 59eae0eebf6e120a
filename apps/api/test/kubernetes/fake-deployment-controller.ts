import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { type Json, parsePath } from './fake-paths';
import {
  canonical,
  childrenOf,
  controllerKind,
  controllerUid,
  hashOf,
  metaOf,
  objectWithUid,
  ownerReference,
} from './fake-owners';
import {
  type Deployment,
  type ReplicaSet,
  ANNOTATIONS,
  fenceposts,
  maxSurge,
  newReplicaSetReplicas,
  proportionalSizes,
  sum,
} from './fake-rollout-math';
import { replicaSetsPath } from './fake-replicasets';
import { syncRolloutStatus } from './fake-rollout-status';

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

/** The template the ReplicaSet runs, without the label the controller added. */
function withoutHash(template: Json): Json {
  const copy = structuredClone(template) as { metadata?: { labels?: Record<string, string> } };
  delete copy.metadata?.labels?.['pod-template-hash'];
  return copy;
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

/** Sets a ReplicaSet's size (and the annotations that record what the Deployment wanted). */
export function scaleReplicaSet(cluster: Cluster, d: Deployment, rsPath: string, size: number) {
  const rs = cluster.api.objects.get(rsPath) as ReplicaSet;
  const annotations = {
    ...(metaOf(rs).annotations as Record<string, string> | undefined),
    [ANNOTATIONS.desired]: String(d.spec.replicas ?? 1),
    [ANNOTATIONS.max]: String((d.spec.replicas ?? 1) + maxSurge(d)),
  };
  if (
    (rs.spec.replicas ?? 0) === size &&
    JSON.stringify(annotations) === JSON.stringify(metaOf(rs).annotations)
  )
    return false;
  cluster.api.update(rsPath, (o) => ({
    ...o,
    metadata: {
      ...metaOf(o),
      annotations,
      generation: Number(metaOf(o).generation ?? 1) + ((rs.spec.replicas ?? 0) === size ? 0 : 1),
    },
    spec: { ...(o.spec as Json), replicas: size },
  }));
  return (rs.spec.replicas ?? 0) !== size;
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

function newReplicaSet(cluster: Cluster, path: string, d: Deployment, replicas: number) {
  const ns = parsePath(path)!.namespace!;
  const hash = hashOf(d.spec.template);
  const name = `${metaOf(d).name}-${hash}`;
  const template = structuredClone(d.spec.template) as { metadata?: { labels?: Json } };
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, 'pod-template-hash': hash },
  };
  const rsPath = `${replicaSetsPath(ns)}/${name}`;
  const rs = cluster.api.put(rsPath, {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: ns,
      generation: 1,
      creationTimestamp: new Date().toISOString(),
      labels: template.metadata.labels,
      annotations: {
        [ANNOTATIONS.desired]: String(d.spec.replicas ?? 1),
        [ANNOTATIONS.max]: String((d.spec.replicas ?? 1) + maxSurge(d)),
      },
      ownerReferences: [ownerReference(d, 'apps/v1', 'Deployment')],
    },
    spec: {
      replicas,
      selector: {
        matchLabels: { ...(d.spec.selector?.matchLabels ?? {}), 'pod-template-hash': hash },
      },
      template,
    },
  }) as ReplicaSet;
  cluster.api.update(path, (o) => {
    const status = (o.status ?? {}) as { conditions?: Json[] };
    const conditions = (status.conditions ?? []).filter((c) => c.type !== 'Progressing');
    const now = new Date().toISOString();
    conditions.push({
      type: 'Progressing',
      status: 'True',
      reason: 'NewReplicaSetCreated',
      message: `Created new replica set "${name}"`,
      lastUpdateTime: now,
      lastTransitionTime: now,
    });
    return { ...o, status: { ...status, conditions } };
  });
  return [rsPath, rs] as [string, ReplicaSet];
}

function rolling(
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
function recreate(
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
