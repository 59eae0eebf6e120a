/**
 * REST paths of the kinds the driver touches. A static table instead of API discovery: these
 * are stable built-in (and cert-manager) resources, and it saves a round-trip per kind.
 * Every segment is URL-encoded, so no name can reach another path.
 */
const RESOURCES: Record<string, { plural: string; namespaced: boolean }> = {
  'v1/Namespace': { plural: 'namespaces', namespaced: false },
  'v1/ResourceQuota': { plural: 'resourcequotas', namespaced: true },
  'v1/LimitRange': { plural: 'limitranges', namespaced: true },
  'networking.k8s.io/v1/NetworkPolicy': { plural: 'networkpolicies', namespaced: true },
  'rbac.authorization.k8s.io/v1/RoleBinding': { plural: 'rolebindings', namespaced: true },
  'v1/Secret': { plural: 'secrets', namespaced: true },
  'v1/ConfigMap': { plural: 'configmaps', namespaced: true },
  'v1/PersistentVolumeClaim': { plural: 'persistentvolumeclaims', namespaced: true },
  'v1/Service': { plural: 'services', namespaced: true },
  'v1/Pod': { plural: 'pods', namespaced: true },
  'apps/v1/Deployment': { plural: 'deployments', namespaced: true },
  'apps/v1/StatefulSet': { plural: 'statefulsets', namespaced: true },
  'batch/v1/Job': { plural: 'jobs', namespaced: true },
  'batch/v1/CronJob': { plural: 'cronjobs', namespaced: true },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    plural: 'horizontalpodautoscalers',
    namespaced: true,
  },
  'networking.k8s.io/v1/Ingress': { plural: 'ingresses', namespaced: true },
  'cert-manager.io/v1/Issuer': { plural: 'issuers', namespaced: true },
  'cert-manager.io/v1/ClusterIssuer': { plural: 'clusterissuers', namespaced: false },
  'cert-manager.io/v1/Certificate': { plural: 'certificates', namespaced: true },
  'metrics.k8s.io/v1beta1/PodMetrics': { plural: 'pods', namespaced: true },
};

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

const seg = encodeURIComponent;

export function collectionPath(apiVersion: string, kind: string, namespace?: string): string {
  const resource = RESOURCES[`${apiVersion}/${kind}`];
  if (!resource) throw new Error(`No REST path known for ${apiVersion}/${kind}`);
  const root = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  if (!resource.namespaced) return `${root}/${resource.plural}`;
  if (!namespace) throw new Error(`${kind} is namespaced: a namespace is required`);
  return `${root}/namespaces/${seg(namespace)}/${resource.plural}`;
}

export function objectPath(ref: ObjectRef): string {
  return `${collectionPath(ref.apiVersion, ref.kind, ref.metadata.namespace)}/${seg(ref.metadata.name)}`;
}

export function podLogPath(namespace: string, pod: string): string {
  return `${objectPath({ apiVersion: 'v1', kind: 'Pod', metadata: { name: pod, namespace } })}/log`;
}
