import { Certificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import { ClusterIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/ClusterIssuer';
import { Issuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
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
import { ResourceQuota } from 'kubernetes-models/v1/ResourceQuota';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { isDnsLabel, isLabelKey, isLabelValue } from './meta';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** Every kind the platform renders, plus cert-manager's for Let's Encrypt. */
const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ResourceQuota': ResourceQuota,
  'v1/Secret': Secret,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'v1/LimitRange': LimitRange,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
  'cert-manager.io/v1/Issuer': Issuer,
  'cert-manager.io/v1/ClusterIssuer': ClusterIssuer,
  'cert-manager.io/v1/Certificate': Certificate,
};

export class ObjectValidationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ObjectValidationError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The OpenAPI schemas of kubernetes-models check types and required fields but not the syntax of
 * names and labels, which the API server enforces: both are checked here.
 */
function validateMetadata(where: string, metadata: unknown): void {
  if (!isRecord(metadata)) throw new ObjectValidationError(`${where}: metadata is missing`);
  const { name, namespace, labels } = metadata;
  if (typeof name !== 'string' || !isDnsLabel(name)) {
    throw new ObjectValidationError(
      `${where}: metadata.name ${JSON.stringify(name)} is not a DNS-1123 label`,
    );
  }
  if (namespace !== undefined && (typeof namespace !== 'string' || !isDnsLabel(namespace))) {
    throw new ObjectValidationError(
      `${where}: metadata.namespace ${JSON.stringify(namespace)} is not a DNS-1123 label`,
    );
  }
  for (const [key, value] of Object.entries(isRecord(labels) ? labels : {})) {
    if (!isLabelKey(key) || typeof value !== 'string' || !isLabelValue(value)) {
      throw new ObjectValidationError(
        `${where}: label ${JSON.stringify(key)}=${JSON.stringify(value)} is invalid`,
      );
    }
  }
}

/** Throws ObjectValidationError unless `object` is a valid object of a kind we know. */
export function validateObject(object: unknown): void {
  if (
    !isRecord(object) ||
    typeof object.apiVersion !== 'string' ||
    typeof object.kind !== 'string'
  ) {
    throw new ObjectValidationError('not a Kubernetes object (apiVersion and kind required)');
  }
  const where = `${object.apiVersion}/${object.kind}`;
  const Model = MODELS[where];
  if (!Model) throw new ObjectValidationError(`${where}: unknown kind`);
  validateMetadata(where, object.metadata);
  try {
    new Model(object as never).validate();
  } catch (error) {
    throw new ObjectValidationError(
      `${where} ${JSON.stringify(object.metadata)}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
