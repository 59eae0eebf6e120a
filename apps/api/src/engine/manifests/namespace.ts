import { LABELS, MANAGED_BY, type EnvironmentSpec } from '../spec';
import { checkedLabels, cpu, dnsLabel, memory } from './meta';
import type {
  LimitRangeObject,
  NamespaceObject,
  NetworkPolicyObject,
  RenderOptions,
  ResourceQuotaObject,
  RoleBindingObject,
} from './types';

export const QUOTA_NAME = 'nuagedeploy-quota';
/** The ClusterRole the platform holds in its namespaces, only through this RoleBinding. */
export const TENANT_ROLE = 'nuagedeploy-tenant';
export const DEFAULT_INGRESS_NAMESPACE = 'ingress-nginx';
export const DEFAULT_PLATFORM_ACCOUNT = { namespace: 'nuagedeploy', name: 'nuagedeploy' };
/**
 * What a tenant never reaches by IP: private ranges (where pod and service CIDRs and the
 * nodes usually live), carrier-grade NAT and link-local (cloud metadata services).
 */
export const DEFAULT_EGRESS_DENIED = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
];
const IPV6_DENIED = ['fc00::/7', 'fe80::/10'];

const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

export interface EnvironmentObjects {
  namespace: NamespaceObject;
  /** Applied by the driver's quota distribution only (never raised before others are lowered). */
  quota: ResourceQuotaObject;
  /**
   * Everything else that makes the namespace a tenant: the platform's role first (its rights in
   * the namespace come from it), then policies and limits.
   */
  policies: [RoleBindingObject, NetworkPolicyObject, NetworkPolicyObject, LimitRangeObject];
}

/**
 * Public endpoints of databases one environment may have when the operator allows them
 * (DATABASE_PUBLIC_SERVICE): each is one Service of that type. A LoadBalancer Service also takes
 * node ports (allocateLoadBalancerNodePorts defaults to true), so both quotas grow with it.
 * The cluster's own admission policy must allow it too (ConfigMap nuagedeploy-admission,
 * exposedServices: allow).
 */
export const PUBLIC_SERVICES_PER_ENVIRONMENT = 20;

export function renderQuota(
  namespace: string,
  labels: Record<string, string>,
  quota: EnvironmentSpec['quota'],
  publicService?: RenderOptions['databasePublicService'],
): ResourceQuotaObject {
  const exposed = String(publicService ? PUBLIC_SERVICES_PER_ENVIRONMENT : 0);
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name: QUOTA_NAME, namespace: dnsLabel(namespace), labels },
    spec: {
      // requests = limits everywhere, so both are capped at the same amounts.
      hard: {
        'requests.cpu': cpu(quota.cpuMilli),
        'limits.cpu': cpu(quota.cpuMilli),
        'requests.memory': memory(quota.ramMb),
        'limits.memory': memory(quota.ramMb),
        'requests.storage': memory(quota.storageMb),
        // ClusterIP Services only, but databases' public endpoints when the operator allows them.
        'services.nodeports': exposed,
        'services.loadbalancers': publicService === 'LoadBalancer' ? exposed : '0',
      },
    },
  };
}

/**
 * One environment's namespace as a tenant: PodSecurity `baseline` enforced (`restricted`
 * reported), traffic limited to the ingress controller and the namespace itself, outbound to
 * DNS and the internet only, default container limits, its share of the project's quota
 * (spec.quota, see engine/quota/quota-shares.ts) and the binding that gives the platform its rights
 * inside it.
 */
export function renderEnvironmentObjects(
  env: EnvironmentSpec,
  options: RenderOptions = {},
): EnvironmentObjects {
  const namespace = dnsLabel(env.namespace);
  const labels = { ...checkedLabels(env.labels), [LABELS.managedBy]: MANAGED_BY };
  const meta = (name: string) => ({ name, namespace, labels });
  const ingressNamespace = dnsLabel(options.ingressNamespace ?? DEFAULT_INGRESS_NAMESPACE);
  const account = options.platformAccount ?? DEFAULT_PLATFORM_ACCOUNT;
  return {
    namespace: {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: namespace,
        // Apache and database images start as root (templates/security.ts): `restricted` cannot
        // be enforced; its violations are reported to users (warn) and to the audit log.
        labels: {
          ...labels,
          'pod-security.kubernetes.io/enforce': 'baseline',
          'pod-security.kubernetes.io/warn': 'restricted',
          'pod-security.kubernetes.io/audit': 'restricted',
        },
      },
    },
    quota: renderQuota(namespace, labels, env.quota, options.databasePublicService),
    policies: [
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: meta(TENANT_ROLE),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: TENANT_ROLE },
        subjects: [
          {
            kind: 'ServiceAccount',
            name: dnsLabel(account.name),
            namespace: dnsLabel(account.namespace),
          },
        ],
      },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: meta('nuagedeploy-default-deny'),
        spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
      },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: meta('nuagedeploy-allow'),
        spec: {
          podSelector: {},
          policyTypes: ['Ingress', 'Egress'],
          ingress: [
            {
              from: [
                {
                  namespaceSelector: { matchLabels: { [NAMESPACE_NAME_LABEL]: ingressNamespace } },
                },
                { podSelector: {} },
              ],
            },
          ],
          egress: [
            {
              to: [
                { namespaceSelector: { matchLabels: { [NAMESPACE_NAME_LABEL]: 'kube-system' } } },
              ],
              ports: [
                { protocol: 'UDP', port: 53 },
                { protocol: 'TCP', port: 53 },
              ],
            },
            { to: [{ podSelector: {} }] },
            {
              to: [
                {
                  ipBlock: {
                    cidr: '0.0.0.0/0',
                    except: [...(options.egressDeniedCidrs ?? DEFAULT_EGRESS_DENIED)],
                  },
                },
                { ipBlock: { cidr: '::/0', except: IPV6_DENIED } },
              ],
            },
          ],
        },
      },
      {
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: meta('nuagedeploy-limits'),
        spec: {
          // For containers that state nothing (the platform's always state requests = limits).
          limits: [
            {
              type: 'Container',
              default: { cpu: cpu(500), memory: memory(512) },
              defaultRequest: { cpu: cpu(500), memory: memory(512) },
            },
          ],
        },
      },
    ],
  };
}

/** Every object of the environment, in apply order (the operators' namespace.yaml). */
export function renderEnvironment(
  env: EnvironmentSpec,
  options: RenderOptions = {},
): [
  NamespaceObject,
  ResourceQuotaObject,
  RoleBindingObject,
  NetworkPolicyObject,
  NetworkPolicyObject,
  LimitRangeObject,
] {
  const objects = renderEnvironmentObjects(env, options);
  return [objects.namespace, objects.quota, ...objects.policies];
}
