import { Certificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import { ClusterIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/ClusterIssuer';
import { Issuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer';
import * as k8s from '@kubernetes/client-node';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { ReplicaSet } from 'kubernetes-models/apps/v1/ReplicaSet';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { LimitRange } from 'kubernetes-models/v1/LimitRange';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Pod } from 'kubernetes-models/v1/Pod';
import { Event } from 'kubernetes-models/v1/Event';
import { ResourceQuota } from 'kubernetes-models/v1/ResourceQuota';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';

/**
 * What the fake API server knows of each kind it serves: REST resource, schema (types and
 * required fields from kubernetes-models' OpenAPI validators) and the field list of every
 * type (client-node's generated models, from the same OpenAPI document) to reject unknown
 * fields as `fieldValidation=Strict` does.
 */

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

export interface KindInfo {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  model: ModelClass;
  /** client-node's type name of the root object; null (cert-manager's): no unknown-field check. */
  typeName: string | null;
}

const kind = (
  apiVersion: string,
  kindName: string,
  plural: string,
  namespaced: boolean,
  model: ModelClass,
): KindInfo => {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return {
    group: group!,
    version: version!,
    kind: kindName,
    plural,
    namespaced,
    model,
    typeName: group === 'cert-manager.io' ? null : `${version === 'v2' ? 'V2' : 'V1'}${kindName}`,
  };
};

export const KINDS: KindInfo[] = [
  kind('v1', 'Namespace', 'namespaces', false, Namespace),
  kind('v1', 'ResourceQuota', 'resourcequotas', true, ResourceQuota),
  kind('v1', 'LimitRange', 'limitranges', true, LimitRange),
  kind('v1', 'Secret', 'secrets', true, Secret),
  kind('v1', 'ConfigMap', 'configmaps', true, ConfigMap),
  kind('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', true, PersistentVolumeClaim),
  kind('v1', 'Service', 'services', true, Service),
  kind('v1', 'Pod', 'pods', true, Pod),
  kind('v1', 'Event', 'events', true, Event),
  kind('apps/v1', 'Deployment', 'deployments', true, Deployment),
  kind('apps/v1', 'ReplicaSet', 'replicasets', true, ReplicaSet),
  kind('apps/v1', 'StatefulSet', 'statefulsets', true, StatefulSet),
  kind('batch/v1', 'Job', 'jobs', true, Job),
  kind('batch/v1', 'CronJob', 'cronjobs', true, CronJob),
  kind(
    'autoscaling/v2',
    'HorizontalPodAutoscaler',
    'horizontalpodautoscalers',
    true,
    HorizontalPodAutoscaler,
  ),
  kind('networking.k8s.io/v1', 'Ingress', 'ingresses', true, Ingress),
  kind('networking.k8s.io/v1', 'NetworkPolicy', 'networkpolicies', true, NetworkPolicy),
  kind('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings', true, RoleBinding),
  kind('cert-manager.io/v1', 'Issuer', 'issuers', true, Issuer),
  kind('cert-manager.io/v1', 'ClusterIssuer', 'clusterissuers', false, ClusterIssuer),
  kind('cert-manager.io/v1', 'Certificate', 'certificates', true, Certificate),
];

type AttributeMap = { name: string; baseName: string; type: string }[];
type ModelWithMap = { getAttributeTypeMap(): AttributeMap };

const SCALARS = new Set(['string', 'number', 'boolean', 'Date', 'IntOrString', 'any', 'object']);

/** Paths of fields no type of the schema declares (`spec.template.spec.containers[0].foo`). */
export function unknownFields(value: unknown, typeName: string, where = ''): string[] {
  if (value === null || value === undefined || SCALARS.has(typeName)) return [];
  const array = /^Array<(.+)>$/.exec(typeName);
  if (array) {
    return Array.isArray(value)
      ? value.flatMap((item, i) => unknownFields(item, array[1]!, `${where}[${i}]`))
      : [];
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(typeName);
  if (map) {
    return typeof value === 'object'
      ? Object.entries(value).flatMap(([key, v]) => unknownFields(v, map[1]!, `${where}.${key}`))
      : [];
  }
  const model = (k8s as unknown as Record<string, ModelWithMap | undefined>)[typeName];
  if (!model?.getAttributeTypeMap) throw new Error(`fake API: no schema for ${typeName}`);
  if (typeof value !== 'object' || Array.isArray(value)) return [];
  const attributes = model.getAttributeTypeMap();
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const attribute = attributes.find((a) => a.baseName === key);
    const path = where ? `${where}.${key}` : key;
    if (!attribute) out.push(path);
    else out.push(...unknownFields(v, attribute.type, path));
  }
  return out;
}

/** Type and required-field errors (kubernetes-models), or null. */
export function schemaError(info: KindInfo, object: unknown): string | null {
  try {
    new info.model(object as never).validate();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
