import {
  DEFAULT_EGRESS,
  hostRules,
  lanRules,
  type EgressPolicy,
  type EnvironmentNetwork,
  type TrustedEndpoint,
} from './egress-rules';
import { publicEndpointRules, type PublicEndpointRule } from './public-endpoint-rules';

/**
 * The network guard's iptables rules (network-guard.ts). No environment's network reaches
 * another's, Docker's two-stage pattern, O(n) rules for n environments:
 *
 *   <prefix>-1   -s <subnet> ! -d <subnet> -j <prefix>-2     one per environment subnet
 *   <prefix>-2   -d <subnet> -j DROP                          one per environment subnet
 *                -j <prefix>-LAN                              what leaves it for no environment
 *
 * and what environments may reach outside themselves, the host and private networks
 * (egress-rules.ts: <prefix>-LAN, <prefix>-HOST). The jumps to <prefix>-1 in FORWARD and to
 * <prefix>-HOST in INPUT are kept ahead of every rule that is no guard's by the guard's loop
 * (guard-script.ts): netavark removes its own isolation jump whenever an isolated network is
 * torn down, firewalld reloads flush everything.
 */

export const DEFAULT_CHAIN_PREFIX = 'NUAGE-ISOLATION';

/** iptables chain names are at most 28 characters; `-1`, `-2`, `-LAN`, `-HOST` are appended. */
export const CHAIN_PREFIX = /^[A-Za-z][A-Za-z0-9_-]{0,22}$/;
const IPV4_CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const isIpv4 = (text: string) => IPV4.test(text) && text.split('.').every((o) => Number(o) <= 255);

export const chainNames = (prefix: string) => ({
  first: `${prefix}-1`,
  second: `${prefix}-2`,
  lan: `${prefix}-LAN`,
  host: `${prefix}-HOST`,
  /** Databases' public endpoints (public-endpoint-rules.ts). */
  pub: `${prefix}-PUB`,
});

/** `a.b.c.d/n` checked and normalised, or null (nothing but an address may reach iptables-restore). */
export function ipv4Cidr(raw: string): { address: number; bits: number; text: string } | null {
  const m = IPV4_CIDR.exec(raw.trim());
  if (!m) return null;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32 || bits < 1) return null;
  const address = octets.reduce((n, o) => n * 256 + o, 0);
  return { address, bits, text: `${octets.join('.')}/${bits}` };
}

const dotted = (n: number) =>
  [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/**
 * The IPv4 subnets among `subnets`, checked and normalised, sorted and without duplicates.
 * IPv6 subnets are left out: environment networks are IPv4-only bridges.
 */
export function ipv4Subnets(subnets: Iterable<string>): string[] {
  const kept = new Set<string>();
  for (const raw of subnets) {
    const cidr = ipv4Cidr(raw);
    if (cidr) kept.add(cidr.text);
  }
  return [...kept].sort();
}

/**
 * The environment networks with their gateway: the engine's when it says (a valid IPv4),
 * else the subnet's first address (where Podman and Docker put the bridge).
 */
export function environmentNetworks(
  networks: Iterable<{ subnet: string; gateway?: string | undefined }>,
): EnvironmentNetwork[] {
  const bySubnet = new Map<string, EnvironmentNetwork>();
  for (const n of networks) {
    const cidr = ipv4Cidr(n.subnet);
    if (!cidr || bySubnet.has(cidr.text)) continue;
    const given = n.gateway?.trim() ?? '';
    const valid = isIpv4(given);
    const base = cidr.address - (cidr.address % 2 ** (32 - cidr.bits));
    bySubnet.set(cidr.text, { subnet: cidr.text, gateway: valid ? given : dotted(base + 1) });
  }
  return [...bySubnet.keys()].sort().map((s) => bySubnet.get(s)!);
}

/** Well-formed IPv4 endpoints only, once each, sorted (nothing else reaches iptables-restore). */
export function trustedEndpoints(list: Iterable<TrustedEndpoint>): TrustedEndpoint[] {
  const kept = new Map<string, TrustedEndpoint>();
  for (const { address, mac } of list) {
    const m = mac.trim().toLowerCase();
    if (isIpv4(address.trim()) && MAC.test(m))
      kept.set(`${address.trim()} ${m}`, { address: address.trim(), mac: m });
  }
  return [...kept.keys()].sort().map((k) => kept.get(k)!);
}

/**
 * The body of an `iptables-restore --noflush` payload for the filter table (without `*filter`
 * and `COMMIT`, which the guard adds around it with its jumps): declaring the chains flushes
 * them, so the whole set is replaced in one commit, never empty meanwhile.
 */
export function renderGuardRules(
  networks: Iterable<{ subnet: string; gateway?: string | undefined }>,
  prefix = DEFAULT_CHAIN_PREFIX,
  policy: EgressPolicy = DEFAULT_EGRESS,
  /** The edge proxy's endpoints (egress-rules.ts TrustedEndpoint). */
  trusted: Iterable<TrustedEndpoint> = [],
  /** Databases' published ports and their allow-lists (public-endpoint-rules.ts). */
  published: Iterable<PublicEndpointRule> = [],
): string {
  if (!CHAIN_PREFIX.test(prefix)) throw new Error(`invalid chain prefix ${prefix}`);
  const { first, second, lan, host, pub } = chainNames(prefix);
  const list = environmentNetworks(networks);
  const subnets = list.map((n) => n.subnet);
  const ports = policy.publicPorts.filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  const checked = { ...policy, publicPorts: [...new Set(ports)].sort((a, b) => a - b) };
  return [
    `:${first} - [0:0]`,
    `:${second} - [0:0]`,
    `:${lan} - [0:0]`,
    `:${host} - [0:0]`,
    `:${pub} - [0:0]`,
    ...publicEndpointRules(pub, published),
    `-A ${first} -p tcp -m conntrack --ctstate NEW -j ${pub}`,
    ...subnets.map((s) => `-A ${first} -s ${s} ! -d ${s} -j ${second}`),
    `-A ${first} -j RETURN`,
    ...subnets.map((s) => `-A ${second} -d ${s} -j DROP`),
    `-A ${second} -j ${lan}`,
    ...lanRules(lan, ipv4Subnets(policy.allowCidrs), checked, trustedEndpoints(trusted)),
    ...hostRules(host, list, checked, trustedEndpoints(trusted)),
    '',
  ].join('\n');
}
