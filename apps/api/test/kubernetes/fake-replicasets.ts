import { createHash } from 'node:crypto';
import { createPod, generatedSuffix } from './fake-admission';
import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { terminatePod } from './fake-kubelet';
import { type Json, parsePath } from './fake-paths';
import { podCounts } from './fake-quota';
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
 * The ReplicaSet controller: a ReplicaSet's pods created (in slow-start batches, each through
 * admission) or deleted (not ready and newest first) until it has `spec.replicas`. A refused
 * create leaves it short with the condition the real controller sets, ReplicaFailure /
 * FailedCreate with the API server's message (set once, not updated, removed after a sync
 * without error); it is retried when the room may have changed (a pod gone, a quota changed).
 */

type Rs = Json & { spec: { replicas?: number; template: Json }; status?: Json };

const podsPath = (ns: string) => `/api/v1/namespaces/${ns}/pods`;
export const replicaSetsPath = (ns: string) => `/apis/apps/v1/namespaces/${ns}/replicasets`;

export const activePods = (cluster: Cluster, rs: Json, ns: string) =>
  childrenOf(cluster.api, podsPath(ns), metaOf(rs).uid!).filter(
    ([, p]) => !isTerminatingPod(p) && podCounts(p),
  );

function createPods(cluster: Cluster, rs: Rs, ns: string, count: number): string | null {
  const template = rs.spec.template as { metadata?: Json; spec?: Json };
  let batch = 1;
  let left = count;
  while (left > 0) {
    for (let i = 0; i < Math.min(batch, left); i++) {
      const name = `${metaOf(rs).name}-${generatedSuffix()}`;
      const created = createPod(cluster.api, ns, {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          ...template.metadata,
          name,
          ownerReferences: [ownerReference(rs, 'apps/v1', 'ReplicaSet')],
        },
        spec: template.spec,
      });
      if ('refused' in created) return created.refused;
    }
    left -= Math.min(batch, left);
    batch *= 2;
  }
  return null;
}

/** Which pods go first when there are too many: not running, not ready, then the newest. */
function rank(a: Json, b: Json): number {
  const phase = (p: Json) => ((p.status as Json | undefined)?.phase === 'Running' ? 1 : 0);
  const ready = (p: Json) => (isReadyPod(p) ? 1 : 0);
  const created = (p: Json) => Date.parse((metaOf(p).creationTimestamp as string) ?? '') || 0;
  return phase(a) - phase(b) || ready(a) - ready(b) || created(b) - created(a);
}

export function syncReplicaSet(cluster: Cluster, path: string): void {
  const rs = cluster.api.objects.get(path) as Rs | undefined;
  if (!rs) return;
  const ns = parsePath(path)!.namespace!;
  const want = rs.spec.replicas ?? 1;
  const active = activePods(cluster, rs, ns);
  let error: string | null = null;
  if (active.length < want) error = createPods(cluster, rs, ns, want - active.length);
  else if (active.length > want)
    for (const [pod] of active
      .map(([p, o]) => [p, o] as [string, Json])
      .sort((x, y) => rank(x[1], y[1]))
      .slice(0, active.length - want))
      terminatePod(cluster, pod);

  const pods = activePods(cluster, rs, ns).map(([, p]) => p);
  const conditions = ((rs.status?.conditions ?? []) as Json[]).filter(
    (c) => c.type !== 'ReplicaFailure' || error !== null,
  );
  if (error) recordFailedCreate(cluster, rs, ns, error);
  if (error && !conditions.some((c) => c.type === 'ReplicaFailure'))
    conditions.push({
      type: 'ReplicaFailure',
      status: 'True',
      reason: 'FailedCreate',
      message: error,
      lastTransitionTime: new Date().toISOString(),
    });
  const ready = pods.filter(isReadyPod).length;
  const status = {
    ...withoutZeros({
      replicas: pods.length,
      fullyLabeledReplicas: pods.length,
      readyReplicas: ready,
      availableReplicas: ready,
    }),
    observedGeneration: metaOf(rs).generation ?? 1,
    ...(conditions.length > 0 ? { conditions } : {}),
  };
  if (JSON.stringify(status) !== JSON.stringify(rs.status))
    cluster.api.update(path, (o) => ({ ...o, status }));
}

/**
 * The Warning event the real controller records for each refused create (its event recorder
 * aggregates repeats of one message into one Event whose count grows): reason FailedCreate,
 * message « Error creating: <the API server's refusal> ».
 */
function recordFailedCreate(cluster: Cluster, rs: Rs, ns: string, error: string) {
  const message = `Error creating: ${error}`;
  const name = `${metaOf(rs).name}.${createHash('sha256').update(message).digest('hex').slice(0, 16)}`;
  const path = `/api/v1/namespaces/${ns}/events/${name}`;
  const now = new Date().toISOString();
  const previous = cluster.api.objects.get(path);
  cluster.api.put(path, {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: ns },
    involvedObject: {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: metaOf(rs).name,
      namespace: ns,
      uid: metaOf(rs).uid,
    },
    reason: 'FailedCreate',
    message,
    type: 'Warning',
    source: { component: 'replicaset-controller' },
    count: Number(previous?.count ?? 0) + 1,
    firstTimestamp: previous?.firstTimestamp ?? now,
    lastTimestamp: now,
  });
}

export function startReplicaSetController(cluster: Cluster) {
  const { api } = cluster;
  const schedule = (path: string) =>
    cluster.schedule(`rs:${path}`, () => syncReplicaSet(cluster, path));
  return (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (!p?.namespace) return;
    if (p.plural === 'replicasets' && event.type !== 'DELETED') schedule(event.path);
    else if (p.plural === 'pods') {
      if (controllerKind(event.object) === 'ReplicaSet') {
        const owner = objectWithUid(api, controllerUid(event.object)!);
        if (owner) schedule(owner[0]);
      }
      // Room may have been given back: short ReplicaSets try again (as their requeue would).
      if (event.type === 'DELETED') retryShort(cluster, p.namespace, schedule);
    } else if (p.plural === 'resourcequotas') retryShort(cluster, p.namespace, schedule);
  };
}

function retryShort(cluster: Cluster, ns: string, schedule: (path: string) => void) {
  for (const [path, rs] of cluster.api.objects) {
    if (!path.startsWith(`${replicaSetsPath(ns)}/`)) continue;
    const want = (rs as Rs).spec.replicas ?? 1;
    if (activePods(cluster, rs, ns).length < want) schedule(path);
  }
}
