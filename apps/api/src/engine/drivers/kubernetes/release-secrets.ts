import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { ApplicationSpec } from '../../spec';
import type { ObjectWriter } from './object-writer';

/**
 * Garbage collection of release Secrets (manifests/secrets.ts renderReleaseSecret): each
 * release of an application has an immutable Secret named after its content, referred to by
 * its pod template. Once a rollout completed (or failed and was reverted), only the Secrets
 * the Deployment's template now refers to are still needed; the others are deleted, so a
 * value removed from the application does not stay in the cluster.
 */

/** The Secrets a pod template reads: environment references and secret volumes. */
export function secretsOfTemplate(template: IPodTemplateSpec | undefined): Set<string> {
  const names = new Set<string>();
  const spec = template?.spec;
  for (const c of [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])]) {
    for (const e of c.env ?? []) {
      const ref = e.valueFrom?.secretKeyRef?.name;
      if (ref) names.add(ref);
    }
  }
  for (const v of spec?.volumes ?? []) if (v.secret?.secretName) names.add(v.secret.secretName);
  return names;
}

/** Deletes the release Secrets `found` (application-objects.ts pruneApplication) not in `keep`. */
export async function pruneReleaseSecrets(
  writer: ObjectWriter,
  spec: ApplicationSpec,
  found: string[],
  keep: Set<string>,
): Promise<void> {
  for (const name of found)
    if (!keep.has(name))
      await writer.delete({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name, namespace: spec.namespace },
      });
}
