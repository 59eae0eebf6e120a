import type { ApplicationRef, ApplicationSpec } from '../../spec';
import { LABELS, MANAGED_BY } from '../../spec';
import { applicationSelector, checkedNamespace } from './guards';
import { type ObjectWriter, selectorOf } from './object-writer';
import { type Obj, type WatchCache, isWatchedKind } from './watch-cache';

/** What remove() deletes, front (traffic) to back (data), so nothing is left serving a removed claim. */
const APPLICATION_KINDS: [apiVersion: string, kind: string][] = [
  // The autoscaler first, so it does not scale a Deployment being removed.
  ['autoscaling/v2', 'HorizontalPodAutoscaler'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['apps/v1', 'Deployment'],
  // Scheduled tasks' CronJobs before Jobs, so none starts another run meanwhile.
  ['batch/v1', 'CronJob'],
  ['batch/v1', 'Job'],
  ['apps/v1', 'StatefulSet'],
  ['v1', 'Service'],
  ['networking.k8s.io/v1', 'NetworkPolicy'],
  ['v1', 'PersistentVolumeClaim'],
  ['v1', 'Secret'],
];

/**
 * Kinds whose objects come and go with the spec's shape (a domain, its certificate, a setup
 * job): what is not rendered any more is pruned. Claims, Services and workloads exist for
 * every application and are never pruned (a claim holds data).
 */
const PRUNED: { apiVersion: string; kind: string; component?: string }[] = [
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
  // The setup Job only: a backup or restore Job running beside an apply is not the spec's.
  { apiVersion: 'batch/v1', kind: 'Job', component: 'setup' },
  { apiVersion: 'v1', kind: 'Secret', component: 'tls' },
  // A database's public endpoint turned off (manifests/database-public.ts).
  { apiVersion: 'v1', kind: 'Service', component: 'public' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', component: 'public' },
];

export const objectKey = (o: { kind: string; metadata: { name: string } }) =>
  `${o.kind}/${o.metadata.name}`;

/**
 * Deletes the application's objects of the shape-dependent kinds that were not just applied.
 * Answers the names of the release Secrets found on the way (the same LIST of the
 * application's Secrets): release-secrets.ts deletes the unused ones once the rollout ended.
 */
export async function pruneApplication(
  writer: ObjectWriter,
  cache: WatchCache,
  spec: ApplicationSpec,
  keep: Set<string>,
): Promise<string[]> {
  const labels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: spec.deploymentId };
  // Automatic scaling turned off (null; undefined: never set): its HPA goes. Deleted by name
  // rather than listed, so an application without a policy costs no request more per apply.
  if (spec.autoscaling === null)
    await writer.delete({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: spec.app.name, namespace: spec.namespace },
    });
  const releaseSecrets: string[] = [];
  for (const { apiVersion, kind, component } of PRUNED) {
    // A database's public objects: only a database of an environment has them (no LIST more
    // per apply of every application).
    if (component === 'public' && spec.template !== 'database') continue;
    const selected =
      component && kind !== 'Secret' ? { ...labels, [LABELS.component]: component } : labels;
    const listed = isWatchedKind(kind)
      ? await cache.objects<Obj>(spec.namespace, kind, selected)
      : await writer.list<Obj>(apiVersion, kind, spec.namespace, selectorOf(selected));
    const componentOf = (o: Obj) => o.metadata?.labels?.[LABELS.component];
    if (kind === 'Secret')
      for (const o of listed)
        if (componentOf(o) === 'release-secrets' && o.metadata?.name)
          releaseSecrets.push(o.metadata.name);
    const existing = component ? listed.filter((o) => componentOf(o) === component) : listed;
    for (const o of existing) {
      const name = o.metadata?.name;
      if (name && !keep.has(`${kind}/${name}`))
        await writer.delete({ apiVersion, kind, metadata: { name, namespace: spec.namespace } });
    }
  }
  return releaseSecrets;
}

/**
 * Deletes each object of the application: the watched kinds from memory, the others listed.
 * deletecollection is not served for every kind (Services on older clusters), and a
 * per-object 404 just means it is already gone.
 */
export async function removeApplication(
  writer: ObjectWriter,
  cache: WatchCache,
  ref: ApplicationRef,
): Promise<void> {
  const selector = applicationSelector(ref);
  const namespace = checkedNamespace(ref.namespace);
  const labels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: ref.deploymentId };
  for (const [apiVersion, kind] of APPLICATION_KINDS) {
    const items = isWatchedKind(kind)
      ? await cache.objects<Obj>(namespace, kind, labels)
      : await writer.list<Obj>(apiVersion, kind, namespace, selector);
    for (const item of items) {
      const name = item.metadata?.name;
      if (name) await writer.delete({ apiVersion, kind, metadata: { name, namespace } });
    }
  }
}
