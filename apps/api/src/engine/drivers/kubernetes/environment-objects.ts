import { RuntimeRejectedError } from '../../driver';
import { renderEnvironmentObjects } from '../../manifests/namespace';
import type { RenderOptions } from '../../manifests/types';
import { LABELS, MANAGED_BY, type EnvironmentSpec } from '../../spec';
import { checkedNamespace, rendered } from './guards';
import { KubeApiRejection, type KubeClient, isNotFound } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { objectPath, type ObjectRef } from './paths';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/** The environment's Namespace, then the binding that gives the platform its rights, then policies. */
export async function applyEnvironment(
  writer: ObjectWriter,
  env: EnvironmentSpec,
  render: RenderOptions,
): Promise<void> {
  const objects = rendered(() => {
    const o = renderEnvironmentObjects(env, render);
    return [o.namespace, ...o.policies];
  });
  const [namespace, binding, ...policies] = objects;
  await writer.apply(namespace!);
  await writer.apply(binding!);
  // The rights the binding just gave reach the API server's authorizer within moments: a
  // 403 right after it is retried a few times before it counts as a refusal.
  for (const object of policies) {
    for (let attempt = 1; ; attempt++) {
      try {
        await writer.apply(object);
        break;
      } catch (error) {
        if (!(error instanceof KubeApiRejection) || error.code !== 403 || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
      }
    }
  }
}

const namespaceRef = (env: EnvironmentSpec): ObjectRef => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name: checkedNamespace(env.namespace) },
});

/**
 * Deletes the namespace (and everything in it), only if the platform created it. The API
 * server answers at once; the namespace controller finalises it later (namespaceGone).
 */
export async function removeNamespace(
  client: KubeClient,
  writer: ObjectWriter,
  env: EnvironmentSpec,
): Promise<void> {
  const ref = namespaceRef(env);
  let namespace: { metadata?: { labels?: Record<string, string>; deletionTimestamp?: string } };
  try {
    namespace = await client.json('GET', objectPath(ref));
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  if (namespace.metadata?.labels?.[LABELS.managedBy] !== MANAGED_BY) {
    throw new RuntimeRejectedError(runtimeErrorTexts.foreignNamespace(env.namespace));
  }
  // Already being finalised: a second DELETE would be the API server's 409.
  if (namespace.metadata.deletionTimestamp) return;
  await writer.delete(ref);
}

/** Whether the namespace is gone (finalised: its content, its quota included, removed). */
export async function namespaceGone(client: KubeClient, env: EnvironmentSpec): Promise<boolean> {
  try {
    await client.json('GET', objectPath(namespaceRef(env)));
    return false;
  } catch (error) {
    if (isNotFound(error)) return true;
    throw error;
  }
}
