import { isIP } from 'node:net';
import { normaliseDomain } from '@nuage/shared/schemas/domain';

/**
 * The names the platform allocates itself, which no application may claim as its custom domain
 * (issue 24). Platform hosts and custom domains share one namespace of host names, split by
 * suffix: everything at or under APPS_DOMAIN is `<host label>.<APPS_DOMAIN>`, handed out by the
 * platform (unique by `deployments_host_label_key`); on the local default every application is
 * `<host label>.localhost`, so `localhost` and all below it are the platform's whatever the
 * configuration; and the platform's own host (PUBLIC_URL's) serves the console. Every other
 * name is a custom domain, unique by `deployments_domain_key`. So a custom domain can never be
 * a platform host, even one allocated later.
 */
export interface HostnamePolicy {
  appsDomain?: string | undefined;
  /** PUBLIC_URL's host name; null when it is an IP address (no name to reserve). */
  platformHost?: string | null;
}

export type ReservedBy = 'apps_domain' | 'localhost' | 'platform';

export function hostnamePolicy(config: {
  appsDomain: string | undefined;
  publicUrl: string;
}): HostnamePolicy {
  const host = hostOf(config.publicUrl);
  return {
    appsDomain: config.appsDomain ? normaliseDomain(config.appsDomain) : undefined,
    platformHost: host && !isIP(host.replace(/^\[|\]$/g, '')) ? host : null,
  };
}

function hostOf(url: string): string | null {
  try {
    return normaliseDomain(new URL(url).hostname);
  } catch {
    return null;
  }
}

const atOrUnder = (name: string, suffix: string) => name === suffix || name.endsWith(`.${suffix}`);

/** Why `domain` is the platform's to allocate, or null when an application may claim it. */
export function reservedBy(domain: string, policy: HostnamePolicy): ReservedBy | null {
  const name = normaliseDomain(domain);
  if (atOrUnder(name, 'localhost')) return 'localhost';
  if (policy.appsDomain && atOrUnder(name, policy.appsDomain)) return 'apps_domain';
  if (policy.platformHost && atOrUnder(name, policy.platformHost)) return 'platform';
  return null;
}
