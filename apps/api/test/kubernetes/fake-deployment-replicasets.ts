import type { Cluster } from './fake-controllers';
import { type Json, parsePath } from './fake-paths';
import { hashOf, metaOf, ownerReference } from './fake-owners';
import { replicaSetsPath } from './fake-replicasets';
import { type Deployment, type ReplicaSet, ANNOTATIONS, maxSurge } from './fake-rollout-math';

/**
 * The ReplicaSets a Deployment owns, as its controller makes and sizes them: one per pod
 * template, named and labelled with the template's hash, annotated with the replica count the
 * Deployment wanted (what a later scaling event compares with).
 */

/** The template the ReplicaSet runs, without the label the controller added. */
export function withoutHash(template: Json): Json {
  const copy = structuredClone(template) as { metadata?: { labels?: Record<string, string> } };
  delete copy.metadata?.labels?.['pod-template-hash'];
  return copy;
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

export function newReplicaSet(cluster: Cluster, path: string, d: Deployment, replicas: number) {
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
