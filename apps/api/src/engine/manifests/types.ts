import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IResourceQuota } from 'kubernetes-models/v1/ResourceQuota';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';

/**
 * The rendered objects are typed with kubernetes-models' interfaces, so a misspelt field is a
 * compile error; the same package validates them against the OpenAPI schemas at run time
 * (validate.ts). metadata is made mandatory: every object we send has a name.
 */
export type ObjectMeta = NonNullable<IDeployment['metadata']> & { name: string };
type Named<T> = Omit<T, 'metadata'> & { metadata: ObjectMeta };

export type NamespaceObject = Named<INamespace>;
export type ResourceQuotaObject = Named<IResourceQuota>;
export type SecretObject = Named<ISecret>;
export type PersistentVolumeClaimObject = Named<IPersistentVolumeClaim>;
export type ServiceObject = Named<IService>;
export type StatefulSetObject = Named<IStatefulSet>;
export type DeploymentObject = Named<IDeployment>;
export type JobObject = Named<IJob>;
export type IngressObject = Named<IIngress>;

export type KubeObject =
  | NamespaceObject
  | ResourceQuotaObject
  | SecretObject
  | PersistentVolumeClaimObject
  | ServiceObject
  | StatefulSetObject
  | DeploymentObject
  | JobObject
  | IngressObject;

export type PodSpec = NonNullable<NonNullable<IDeployment['spec']>['template']['spec']>;
export type Container = PodSpec['containers'][number];

/** Cluster-specific choices the spec does not carry (driver configuration). */
export interface RenderOptions {
  /** Storage class of every claim; unset = the cluster's default class. */
  storageClassName?: string;
  /** Ingress class; unset = the cluster's default class. */
  ingressClassName?: string;
  /**
   * Access mode of the application's claim. ReadWriteOnce works with every storage class but
   * every replica must then run on one node (the renderer adds that affinity);
   * ReadWriteMany (NFS, CephFS…) lets replicas spread over nodes.
   */
  appVolumeAccessMode?: 'ReadWriteOnce' | 'ReadWriteMany';
}
