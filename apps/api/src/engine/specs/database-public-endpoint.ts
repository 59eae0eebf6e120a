import type { DatabasePublicEndpoint } from '../spec';
import type { PublicAccessSettings } from './database-settings';

/** The operator's settings of databases' public endpoints (DATABASE_PUBLIC_*, config.ts). */
export interface DatabasePublicSettings {
  /** DATABASE_PUBLIC_ADDRESS: the docker host's IPv4 address published ports bind on. */
  address?: string;
  /** DATABASE_PUBLIC_HOST: the host name users connect to (default: the address). */
  host?: string;
  /** DATABASE_PUBLIC_PORTS: the range ports are taken from. */
  ports: { first: number; last: number };
  /** DATABASE_PUBLIC_SERVICE: the Kubernetes Service type allowed, or off. */
  kubernetesService: 'off' | 'LoadBalancer' | 'NodePort';
}

/**
 * A database's public endpoint as its runtime gets it (issue 25 item 2), or null: internal
 * only. Null too when the operator turned the feature off since (DATABASE_PUBLIC_ADDRESS unset,
 * DATABASE_PUBLIC_SERVICE=off): the next apply withdraws what was published, whatever the rows
 * still say.
 */
export function publicEndpointOf(
  access: PublicAccessSettings | null,
  operator: DatabasePublicSettings | undefined,
): DatabasePublicEndpoint | null {
  if (!access || !operator) return null;
  if (!operator.address && operator.kubernetesService === 'off') return null;
  return {
    port: access.port,
    sources: [...access.sources],
    address: operator.address ?? null,
    serviceType: operator.kubernetesService === 'off' ? null : operator.kubernetesService,
  };
}
