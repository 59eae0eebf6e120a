import { isValidDomain, normaliseDomain } from '@nuage/shared/schemas/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { reservedBy, type HostnamePolicy } from './reserved-hosts';

/**
 * Which custom domain the runtime may serve for each application: what every runtime routes
 * (Ingress, edge proxy route, certificate), whatever the rows say. The API already refuses a
 * second claim and the unique index `deployments_domain_key` makes one impossible, but rows
 * written before either existed, or by hand, must still never give a host two owners, nor
 * hand it to the newcomer. So a domain is served only when it is:
 *   - verified (its owner proved control: modules/dns/verify.ts);
 *   - a valid host name (nothing an older version let through: no newline, IP, path…);
 *   - not the platform's (APPS_DOMAIN and below, .localhost, PUBLIC_URL's host): platform
 *     hosts always win over a custom domain that would shadow them;
 *   - held by no earlier claim: among rows holding the same name, deleting ones included
 *     until their objects are gone, the first claim (then the oldest row, then the id) owns it.
 */

export interface DomainHolder {
  id: string;
  domain: string | null;
  domainVerifiedAt: Date | null;
  domainClaimedAt: Date | null;
  createdAt: Date;
}

/** The application's custom domain as its runtime may serve it, or null. */
export type ServedDomainLookup = (row: DomainHolder) => Promise<string | null>;

const claimedAt = (h: DomainHolder) => (h.domainClaimedAt ?? h.createdAt).getTime();

function earlier(a: DomainHolder, b: DomainHolder): boolean {
  if (claimedAt(a) !== claimedAt(b)) return claimedAt(a) < claimedAt(b);
  if (a.createdAt.getTime() !== b.createdAt.getTime())
    return a.createdAt.getTime() < b.createdAt.getTime();
  return a.id < b.id;
}

function servable(h: DomainHolder, policy: HostnamePolicy): string | null {
  if (!h.domain || !h.domainVerifiedAt) return null;
  const name = normaliseDomain(h.domain);
  if (!isValidDomain(name) || reservedBy(name, policy)) return null;
  return name;
}

/** Application id → the domain it is served at, for the owners only. */
export function servedDomains(
  holders: DomainHolder[],
  policy: HostnamePolicy,
): Map<string, string> {
  const owners = new Map<string, DomainHolder>();
  for (const h of holders) {
    const name = servable(h, policy);
    if (!name) continue;
    const owner = owners.get(name);
    if (!owner || earlier(h, owner)) owners.set(name, h);
  }
  return new Map([...owners].map(([name, h]) => [h.id, name]));
}

export const domainHolderColumns = {
  id: deployments.id,
  domain: deployments.domain,
  domainVerifiedAt: deployments.domainVerifiedAt,
  domainClaimedAt: deployments.domainClaimedAt,
  createdAt: deployments.createdAt,
};

/** One application's decision: the other holders of its name are read from the database. */
export function servedDomainLookup(db: Executor, policy: HostnamePolicy): ServedDomainLookup {
  return async (row) => {
    const name = servable(row, policy);
    if (!name) return null;
    const others = await db
      .select(domainHolderColumns)
      .from(deployments)
      .where(sql`lower(rtrim(${deployments.domain}, '.')) = ${name}`);
    return (
      servedDomains([row, ...others.filter((o) => o.id !== row.id)], policy).get(row.id) ?? null
    );
  };
}
