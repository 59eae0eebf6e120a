import type { ICronJob } from 'kubernetes-models/batch/v1/CronJob';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import type { ILimitRange } from 'kubernetes-models/v1/LimitRange';
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
export type CronJobObject = Named<ICronJob>;
export type IngressObject = Named<IIngress>;
export type NetworkPolicyObject = Named<INetworkPolicy>;
export type LimitRangeObject = Named<ILimitRange>;
export type RoleBindingObject = Named<IRoleBinding>;
export type HorizontalPodAutoscalerObject = Named<IHorizontalPodAutoscaler>;

export type KubeObject =
  | NamespaceObject
  | ResourceQuotaObject
  | SecretObject
  | PersistentVolumeClaimObject
  | ServiceObject
  | StatefulSetObject
  | DeploymentObject
  | JobObject
  | CronJobObject
  | IngressObject
  | NetworkPolicyObject
  | LimitRangeObject
  | RoleBindingObject
  | HorizontalPodAutoscalerObject;

export type PodSpec = NonNullable<NonNullable<IDeployment['spec']>['template']['spec']>;
export type Container = PodSpec['containers'][number];

/** Cluster-specific choices the spec does not carry (driver configuration). */
export interface RenderOptions {
  /**
   * DATABASE_PUBLIC_SERVICE: the Service type databases' public endpoints use (issue 25 item 2);
   * the namespaces' quotas then allow that many of them (namespace.ts). Unset: none.
   */
  databasePublicService?: 'LoadBalancer' | 'NodePort';
  /**
   * IMAGE_OVERRIDES, for the platform's own helper images (busybox's wait, the backup Jobs'
   * curl): the application's images are replaced in the spec already (engine/drivers/image-overrides.ts).
   */
  imageOverrides?: ReadonlyMap<string, string>;
  /** A Deployment's progressDeadlineSeconds (default ROLLOUT_DEADLINE_SECONDS, workloads.ts). */
  rolloutDeadlineSeconds?: number;
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
  /**
   * APPS_DOMAIN: every application gets an Ingress for `<host label>.<appsDomain>`. Required by
   * the Kubernetes driver; unset only in folder renderings without a runtime.
   */
  appsDomain?: string;
  /**
   * TLS of those platform hosts: none (HTTP only); wildcard (the ingress controller's default
   * certificate, a wildcard of APPS_DOMAIN the operator installs, serves them); cert-manager
   * (one certificate per host through the Ingress annotation).
   */
  appsDomainTls?: AppsDomainTls;
  /** CERT_MANAGER_CLUSTER_ISSUER: set = custom domains without a stored certificate are issued by it. */
  clusterIssuer?: string;
  /** Namespace of the ingress controller: the only one (besides its own) a tenant accepts traffic from. */
  ingressNamespace?: string;
  /** CIDRs a tenant can never reach (cluster pod/service ranges, private networks). */
  egressDeniedCidrs?: string[];
  /**
   * REGISTRY_URL and its credentials: code applications' images are pulled from it, with a
   * dockerconfigjson Secret of their own (imagePullSecrets).
   */
  registryPull?: { server: string; username: string; password: string };
  /** The platform's ServiceAccount, bound to the tenant Role in each namespace it creates. */
  platformAccount?: { namespace: string; name: string };
}

export type AppsDomainTls = 'none' | 'wildcard' | 'cert-manager';
