import { DEFAULT_EGRESS_DENIED } from '../../../manifests/namespace';

/**
 * What environments may reach outside themselves (rendered into the guard's chains by
 * isolation-rules.ts). Customers' code is arbitrary: from an environment's bridge it could
 * otherwise open connections to the host itself through the bridge's gateway (the platform's
 * API, an admin panel, a database or SSH listening on 0.0.0.0) and, through FORWARD, to the
 * cloud metadata endpoint 169.254.169.254 (the instance's credentials) and the operator's
 * private networks. Both are refused for traffic coming from an environment subnet:
 *
 *   <prefix>-HOST   (INPUT)   replies, DNS to the environment's own gateway (aardvark-dns
 *                             answers there: containers resolve each other's names) and the
 *                             edge proxy's public ports go on; anything else from a subnet is refused
 *   <prefix>-LAN    (FORWARD, reached from <prefix>-2 for traffic leaving its subnet)
 *                             replies, DNS, connections to the edge proxy's published ports
 *                             (an application calling a URL this host serves, its own included)
 *                             and EGRESS_ALLOW_CIDRS go on; private, CGNAT and link-local
 *                             destinations are refused (unless EGRESS_PRIVATE_NETWORKS=allow)
 *
 * The internet stays open (customers' applications call APIs, send mail). The edge proxy is
 * no tenant: it joins every environment network, and Podman routes its own traffic (ACME
 * orders, an internal ACME directory on the host or the LAN) out of the last one it joined;
 * its address on each network, with its MAC (a container reusing a freed address has another),
 * goes on in both chains.
 */

/** The ranges refused: the same as the Kubernetes runtime's NetworkPolicy (manifests/environment.ts). */
export const PRIVATE_RANGES: readonly string[] = DEFAULT_EGRESS_DENIED;

export interface EgressPolicy {
  /** EGRESS_PRIVATE_NETWORKS: `block` (default) drops PRIVATE_RANGES, `allow` leaves them open. */
  privateNetworks: 'block' | 'allow';
  /** EGRESS_ALLOW_CIDRS: private destinations environments still reach (a database on the LAN). */
  allowCidrs: string[];
  /**
   * The host's ports environments still reach: the edge proxy's HTTP and HTTPS ports, which
   * the internet reaches too (Docker's userland proxy receives them on INPUT, Podman DNATs
   * them to the proxy's private address).
   */
  publicPorts: number[];
}

export const DEFAULT_EGRESS: EgressPolicy = {
  privateNetworks: 'block',
  allowCidrs: [],
  publicPorts: [],
};

export interface EnvironmentNetwork {
  /** IPv4 subnet, normalised (isolation-rules.ts ipv4Subnets). */
  subnet: string;
  /** The bridge's address on the host, where aardvark-dns answers. */
  gateway: string;
}

/** A platform container's endpoint on a network (the edge proxy's): its traffic is no tenant's. */
export interface TrustedEndpoint {
  address: string;
  mac: string;
}

const dns = ['udp', 'tcp'] as const;

/**
 * Refused, not silently dropped: a customer's code calling a blocked address (a plugin's
 * "check the server", an SDK probing the metadata endpoint) gets "connection refused" at
 * once, where a DROP would hold its PHP or Node worker until its own timeout (often 30 s or
 * more; enough of those and the site stops answering). Written as `iptables -S` prints it.
 */
export const REFUSE = '-j REJECT --reject-with icmp-port-unreachable';

const trustedRules = (chain: string, trusted: TrustedEndpoint[]) =>
  trusted.map((t) => `-A ${chain} -s ${t.address} -m mac --mac-source ${t.mac} -j RETURN`);

/** <prefix>-HOST: traffic from environment subnets to the host's own addresses (INPUT). */
export function hostRules(
  chain: string,
  networks: EnvironmentNetwork[],
  policy: EgressPolicy,
  trusted: TrustedEndpoint[] = [],
): string[] {
  return [
    `-A ${chain} -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN`,
    ...trustedRules(chain, trusted),
    ...policy.publicPorts.map((p) => `-A ${chain} -p tcp --dport ${p} -j RETURN`),
    ...networks.flatMap(({ subnet, gateway }) => [
      ...dns.map(
        (proto) => `-A ${chain} -s ${subnet} -d ${gateway} -p ${proto} --dport 53 -j RETURN`,
      ),
      `-A ${chain} -s ${subnet} ${REFUSE}`,
    ]),
    `-A ${chain} -j RETURN`,
  ];
}

/** <prefix>-LAN: traffic from an environment subnet leaving it, once other environments are dropped. */
export function lanRules(
  chain: string,
  allowCidrs: string[],
  policy: EgressPolicy,
  trusted: TrustedEndpoint[] = [],
): string[] {
  if (policy.privateNetworks === 'allow') return [`-A ${chain} -j RETURN`];
  return [
    `-A ${chain} -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN`,
    ...trustedRules(chain, trusted),
    // Docker's embedded DNS forwards from the container's namespace to the host's resolvers,
    // often private (a VPC resolver, 169.254.169.254 on Google Cloud): names must resolve.
    ...dns.map((proto) => `-A ${chain} -p ${proto} --dport 53 -j RETURN`),
    ...policy.publicPorts.map(
      (p) => `-A ${chain} -p tcp -m conntrack --ctstate DNAT --ctorigdstport ${p} -j RETURN`,
    ),
    ...allowCidrs.map((cidr) => `-A ${chain} -d ${cidr} -j RETURN`),
    ...PRIVATE_RANGES.map((cidr) => `-A ${chain} -d ${cidr} ${REFUSE}`),
    `-A ${chain} -j RETURN`,
  ];
}
