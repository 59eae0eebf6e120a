import type { ApplicationSpec, DatabaseSpec } from '../spec';
import { dnsLabel, objectMeta, selectorLabels } from './meta';
import type { NetworkPolicyObject, ServiceObject } from './types';

/**
 * A database's public endpoint on Kubernetes (issue 25 item 2), only when the operator allows
 * it (DATABASE_PUBLIC_SERVICE), pruned when turned off (application-objects.ts, component
 * `public`):
 *
 * - LoadBalancer: a Service `<host>-public` of that type, `loadBalancerSourceRanges` = the
 *   allow-list (the cloud's balancer or its firewall enforces it), port = the allocated port;
 * - NodePort: the allocated port as its node port (the operator's DATABASE_PUBLIC_PORTS inside
 *   the cluster's node-port range), and a NetworkPolicy letting the allow-list's `ipBlock`s
 *   reach the database pod on its target port (the namespace's default-deny keeps the rest
 *   out). `externalTrafficPolicy: Local` on both: otherwise the node that receives a
 *   connection may SNAT it to its own address on the way to the pod's node, and neither the
 *   NetworkPolicy nor the balancer's source ranges would see the client's address (with Local
 *   only nodes running the pod answer).
 */
export function renderDatabasePublic(
  spec: ApplicationSpec,
  db: DatabaseSpec,
): (ServiceObject | NetworkPolicyObject)[] {
  const p = db.publicEndpoint;
  if (!p?.serviceType) return [];
  const target = p.targetPort ?? db.port;
  const name = `${dnsLabel(db.serviceName).slice(0, 55)}-public`;
  const loadBalancer = p.serviceType === 'LoadBalancer';
  const service: ServiceObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(spec, name, 'public'),
    spec: {
      type: p.serviceType,
      externalTrafficPolicy: 'Local',
      selector: selectorLabels(spec, 'database'),
      ports: [
        {
          name: 'public',
          port: loadBalancer ? p.port : target,
          targetPort: target,
          protocol: 'TCP',
          ...(loadBalancer ? {} : { nodePort: p.port }),
        },
      ],
      ...(loadBalancer ? { loadBalancerSourceRanges: p.sources } : {}),
    },
  };
  // The pod's ingress from the allow-list (both types: the balancer delivers the client's
  // address with Local, and the namespace's default-deny would drop it otherwise).
  const policy: NetworkPolicyObject = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: objectMeta(spec, name, 'public'),
    spec: {
      podSelector: { matchLabels: selectorLabels(spec, 'database') },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: p.sources.map((cidr) => ({ ipBlock: { cidr } })),
          ports: [{ protocol: 'TCP', port: target }],
        },
      ],
    },
  };
  return [service, policy];
}
