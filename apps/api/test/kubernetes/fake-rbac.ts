import { type Json, type RbacAction, type Reply, forbiddenReply, parsePath } from './fake-paths';

/**
 * RBAC as deploy/kubernetes/platform.yaml sets it up, seen from the platform's account
 * (every request with a bearer token; the tests' own requests, without one, are an
 * administrator's): cluster-wide, only what ClusterRole nuagedeploy-platform grants (its
 * namespaces, and creating or patching RoleBindings); inside a namespace, everything once a
 * RoleBinding there names the account, and nothing before — the real authorizer's 403, with
 * its message, until the binding exists (and again once the namespace and its binding are gone).
 * Namespaces where the operator's manifest binds a Role itself are listed in `operatorGrants`.
 */

export const PLATFORM_USER = 'system:serviceaccount:nuagedeploy:nuagedeploy';
const ACCOUNT = { kind: 'ServiceAccount', name: 'nuagedeploy', namespace: 'nuagedeploy' };

/** ClusterRole nuagedeploy-platform (the `bind` on the tenant role is not a request). */
const CLUSTER_WIDE = new Set([
  '|namespaces|get',
  '|namespaces|create',
  '|namespaces|patch',
  '|namespaces|delete',
  'rbac.authorization.k8s.io|rolebindings|create',
  'rbac.authorization.k8s.io|rolebindings|patch',
]);

export interface RbacHost {
  objectsIn(namespace: string): Iterable<[string, Json]>;
  operatorGrants: Set<string>;
  /** Cluster-wide grants an operator added (`group|resource|verb`). */
  clusterGrants?: Set<string>;
}

/** Whether a RoleBinding of the namespace names the platform's account. */
export function boundIn(host: RbacHost, namespace: string): boolean {
  const prefix = `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/rolebindings/`;
  for (const [path, binding] of host.objectsIn(namespace)) {
    if (!path.startsWith(prefix)) continue;
    const subjects = (binding.subjects ?? []) as Json[];
    if (
      subjects.some(
        (s) =>
          s.kind === ACCOUNT.kind && s.name === ACCOUNT.name && s.namespace === ACCOUNT.namespace,
      )
    )
      return true;
  }
  return false;
}

function allowed(host: RbacHost, action: RbacAction): boolean {
  const key = `${action.group}|${action.resource}|${action.verb}`;
  if (CLUSTER_WIDE.has(key) || host.clusterGrants?.has(key)) return true;
  if (action.namespace === null) return false;
  return host.operatorGrants.has(action.namespace) || boundIn(host, action.namespace);
}

/** The 403 of the first action the account may not do, or null (allowed). */
export function authorize(
  host: RbacHost,
  request: { path: string; authorization: string | undefined; rbac: RbacAction[] },
): Reply | null {
  if (!request.authorization) return null;
  const denied = request.rbac.find((a) => !allowed(host, a));
  if (!denied) return null;
  const p = parsePath(request.path);
  const where = denied.namespace
    ? `in the namespace "${denied.namespace}"`
    : 'at the cluster scope';
  return forbiddenReply(
    { plural: p?.plural ?? denied.resource, group: denied.group },
    p?.name ?? null,
    `User "${PLATFORM_USER}" cannot ${denied.verb} resource "${denied.resource}" in API group "${denied.group}" ${where}`,
  );
}
