import type { FakeKubeApi } from './fake-kube-api';
import { type Json, type Reply, forbiddenReply, statusBody } from './fake-paths';

/**
 * Namespaces that finalise later, as the namespace controller does: a DELETE marks the
 * namespace Terminating (deletionTimestamp, phase) and answers it; its content (quota, binding,
 * workloads…) and then the namespace itself disappear `api.namespaceFinalizeMs` later. Until
 * then nothing new may be created in it (NamespaceLifecycle admission), and a second DELETE is
 * the API server's 409.
 */

export const isTerminating = (ns: Json | undefined) =>
  Boolean((ns?.metadata as Json | undefined)?.deletionTimestamp);

export function deleteNamespace(api: FakeKubeApi, path: string, stored: Json): Reply {
  const name = (stored.metadata as Json).name as string;
  if (isTerminating(stored))
    return {
      status: 409,
      body: statusBody(
        409,
        'Conflict',
        `Operation cannot be fulfilled on namespaces "${name}": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.`,
      ),
    };
  const marked = api.update(path, (ns) => ({
    ...ns,
    metadata: { ...(ns.metadata as Json), deletionTimestamp: new Date().toISOString() },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Terminating' },
  }));
  api.later(() => finalize(api, name, path), api.namespaceFinalizeMs);
  return { status: 200, body: marked };
}

function finalize(api: FakeKubeApi, name: string, path: string) {
  for (const [other] of [...api.objectsIn(name)]) api.remove(other);
  api.remove(path);
}

/** The NamespaceLifecycle admission's refusal of a create in a missing or terminating namespace. */
export function namespaceRefusal(
  api: FakeKubeApi,
  resource: { plural: string; group: string },
  namespace: string,
  name: string | null,
): Reply | null {
  const ns = api.objects.get(`/api/v1/namespaces/${namespace}`);
  if (!ns)
    return {
      status: 404,
      body: statusBody(404, 'NotFound', `namespaces "${namespace}" not found`),
    };
  if (!isTerminating(ns)) return null;
  return forbiddenReply(
    resource,
    name,
    `unable to create new content in namespace ${namespace} because it is being terminated`,
  );
}
