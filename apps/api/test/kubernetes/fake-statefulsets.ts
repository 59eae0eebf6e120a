import { createPod } from './fake-admission';
import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { terminatePod } from './fake-kubelet';
import { type Json, parsePath } from './fake-paths';
import {
  controllerKind,
  controllerUid,
  hashOf,
  isReadyPod,
  isTerminatingPod,
  metaOf,
  objectWithUid,
  ownerReference,
  withoutZeros,
} from './fake-owners';

/**
 * The StatefulSet controller with its defaults (OrderedReady, RollingUpdate): pod `<name>-<i>`
 * created only once every lower ordinal is ready, each through admission (a refused one is
 * retried when room may have come back; the StatefulSet shows no condition for it, only its
 * counts); removed highest ordinal first; a template change replaces pods from the highest
 * ordinal down, one at a time, once all are ready.
 */

type Sts = Json & { spec: { replicas?: number; template: Json } };

const revisionOf = (sts: Sts) => `${metaOf(sts).name}-${hashOf(sts.spec.template)}`;

function podsOf(cluster: Cluster, sts: Sts, ns: string): Map<number, [string, Json]> {
  const out = new Map<number, [string, Json]>();
  const prefix = `/api/v1/namespaces/${ns}/pods/${metaOf(sts).name}-`;
  for (const [path, pod] of cluster.api.objects) {
    if (!path.startsWith(prefix) || controllerUid(pod) !== metaOf(sts).uid) continue;
    const ordinal = Number(path.slice(prefix.length));
    if (Number.isInteger(ordinal)) out.set(ordinal, [path, pod]);
  }
  return out;
}

export function syncStatefulSet(cluster: Cluster, path: string): void {
  const sts = cluster.api.objects.get(path) as Sts | undefined;
  if (!sts) return;
  const ns = parsePath(path)!.namespace!;
  const replicas = sts.spec.replicas ?? 1;
  const revision = revisionOf(sts);
  const pods = podsOf(cluster, sts, ns);
  const revisionOfPod = (pod: Json) =>
    (metaOf(pod).labels as Record<string, string> | undefined)?.['controller-revision-hash'];
  const template = sts.spec.template as { metadata?: { labels?: Json }; spec?: Json };
  for (let i = 0; i < replicas; i++) {
    const found = pods.get(i);
    if (found) {
      if (isTerminatingPod(found[1]) || !isReadyPod(found[1])) break;
      continue;
    }
    const name = `${metaOf(sts).name}-${i}`;
    createPod(cluster.api, ns, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        labels: {
          ...template.metadata?.labels,
          'controller-revision-hash': revision,
          'statefulset.kubernetes.io/pod-name': name,
        },
        ownerReferences: [ownerReference(sts, 'apps/v1', 'StatefulSet')],
      },
      spec: template.spec,
    });
    break;
  }
  const live = [...pods.entries()].filter(([, [, p]]) => !isTerminatingPod(p));
  const surplus = live.filter(([i]) => i >= replicas).sort(([a], [b]) => b - a)[0];
  const allReady = live.length >= replicas && live.every(([, [, p]]) => isReadyPod(p));
  if (surplus) terminatePod(cluster, surplus[1][0]);
  else if (allReady) {
    const outdated = live
      .filter(([i, [, p]]) => i < replicas && revisionOfPod(p) !== revision)
      .sort(([a], [b]) => b - a)[0];
    if (outdated) terminatePod(cluster, outdated[1][0]);
  }
  const current = [...podsOf(cluster, sts, ns).values()]
    .map(([, p]) => p)
    .filter((p) => !isTerminatingPod(p));
  const ready = current.filter(isReadyPod).length;
  const updated = current.filter((p) => revisionOfPod(p) === revision).length;
  const status = {
    observedGeneration: Number(metaOf(sts).generation ?? 1),
    ...withoutZeros({
      replicas: current.length,
      readyReplicas: ready,
      currentReplicas: updated,
      updatedReplicas: updated,
      availableReplicas: ready,
    }),
    currentRevision: revision,
    updateRevision: revision,
  };
  if (JSON.stringify(status) !== JSON.stringify(sts.status))
    cluster.api.update(path, (o) => ({ ...o, status }));
}

export function startStatefulSetController(cluster: Cluster) {
  const { api } = cluster;
  const schedule = (path: string) =>
    cluster.schedule(`sts:${path}`, () => syncStatefulSet(cluster, path));
  const all = (ns: string) => {
    for (const path of api.objects.keys())
      if (path.startsWith(`/apis/apps/v1/namespaces/${ns}/statefulsets/`)) schedule(path);
  };
  return (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (!p?.namespace) return;
    if (p.plural === 'statefulsets' && event.type !== 'DELETED') schedule(event.path);
    else if (p.plural === 'pods') {
      if (controllerKind(event.object) === 'StatefulSet') {
        const owner = objectWithUid(api, controllerUid(event.object)!);
        if (owner) schedule(owner[0]);
      }
      if (event.type === 'DELETED') all(p.namespace);
    } else if (p.plural === 'resourcequotas') all(p.namespace);
  };
}
