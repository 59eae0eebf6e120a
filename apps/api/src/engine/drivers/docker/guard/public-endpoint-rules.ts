import { parseAllowListEntry } from '@nuage/shared/ip-allow-list';
import { LABELS, MANAGED_BY } from '../../../spec';
import { parseTemplate } from '../container-spec';
import type { EngineApi } from '../engine-api';

/**
 * The allow-lists of databases' public endpoints (issue 25 item 2), as filter-table rules of the
 * network guard (network-guard.ts), in one chain `<prefix>-PUB`:
 *
 *   -A <prefix>-PUB -p tcp -m conntrack --ctstate NEW --ctorigdst A --ctorigdstport P -s S -j RETURN
 *   -A <prefix>-PUB -p tcp -m conntrack --ctstate NEW --ctorigdst A --ctorigdstport P -j DROP
 *
 * reached from the top of `<prefix>-1` (FORWARD: connections from other machines) and from
 * OUTPUT (connections the host itself opens to the published address). Why conntrack and the
 * filter table: Podman's netavark (and Docker) publish a port with a DNAT in the nat table's
 * PREROUTING and OUTPUT; by the time the filter table sees the packet its destination is the
 * container's address and port, but the connection's original destination (`--ctorigdst`,
 * `--ctorigdstport`) is still the published one, so the rule names exactly what the user
 * published, and it lives in the one table the guard already loads atomically with
 * iptables-restore (no raw/mangle table to keep in step). A rule in raw PREROUTING before the
 * DNAT would work for other machines too, but not for the host's own connections to its
 * loopback-bound address, and would need a second iptables-restore commit. NEW only: a
 * connection already open when the list changed ends with its client (the container is
 * recreated anyway, which closes it). IPv6 entries are left out here: the docker runtime
 * publishes on an IPv4 address (DATABASE_PUBLIC_ADDRESS), so no IPv6 client reaches it.
 */

export interface PublicEndpointRule {
  address: string;
  port: number;
  sources: string[];
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

/** Checked again here: nothing but addresses and ports reaches iptables-restore. */
export function publicEndpointRules(
  chain: string,
  endpoints: Iterable<PublicEndpointRule>,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const e of endpoints) {
    if (!Number.isInteger(e.port) || e.port < 1 || e.port > 65535) continue;
    if (!IPV4.test(e.address) || e.address.split('.').some((o) => Number(o) > 255)) continue;
    const key = `${e.address}:${e.port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const dst = e.address === '0.0.0.0' ? '' : ` --ctorigdst ${e.address}/32`;
    const match = `-A ${chain} -p tcp -m conntrack --ctstate NEW${dst} --ctorigdstport ${e.port}`;
    for (const raw of e.sources) {
      const parsed = parseAllowListEntry(raw);
      if ('kind' in parsed || parsed.family !== 4) continue;
      out.push(`${match} -s ${parsed.cidr} -j RETURN`);
    }
    out.push(`${match} -j DROP`);
  }
  return out;
}

/**
 * The published endpoints of the platform's database containers (running or not) on `networks`
 * (a guard's own), from their template labels, and the deployments they belong to.
 */
export async function publishedDatabases(
  api: EngineApi,
  networks: Set<string>,
): Promise<{ rules: PublicEndpointRule[]; publishing: Set<string> }> {
  const filters = { label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.component}=database`] };
  const list = await api.client.json<{ Labels?: Record<string, string> | null }[]>(
    'GET',
    '/containers/json',
    { query: { all: 'true', filters: JSON.stringify(filters) } },
  );
  const rules: PublicEndpointRule[] = [];
  const publishing = new Set<string>();
  for (const c of list) {
    const p = parseTemplate(c.Labels ?? null);
    if (!p?.publish || !networks.has(p.network)) continue;
    rules.push({
      address: p.publish.address,
      port: p.publish.hostPort,
      sources: p.publish.sources,
    });
    publishing.add(c.Labels?.[LABELS.deploymentId] ?? '');
  }
  return { rules, publishing };
}
