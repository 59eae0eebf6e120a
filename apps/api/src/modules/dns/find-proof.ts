import {
  verificationRecordName,
  verificationRecordValue,
  type DomainCheckResult,
  type DomainProof,
} from '@nuage/shared/dns-help';
import { normaliseDomain } from '@nuage/shared/schemas/domain';
import type { AppContext } from '../../app-context';
import { platformHostname } from '../../engine/routing/hostnames';

export type ProofLookup =
  | { proof: Exclude<DomainProof, 'existing'> }
  | { proof: null; result: DomainCheckResult }
  /** The DNS did not answer: nothing is concluded, nothing changes (no flapping). */
  | { proof: null; result: null };

/**
 * Looks, in the name's own DNS, for the proof that a pending custom domain is this
 * application's (issue 24):
 *   - an alias (CNAME) of the domain to the application's own platform host
 *     `<label>.<APPS_DOMAIN>`, which no other application has; or
 *   - the TXT record `_nuage-verification.<domain>` holding this application's token.
 * An A/AAAA record to the platform's address proves nothing: that address is every tenant's
 * (the ingress, the edge proxy), so a record left pointing there by a former customer, or set
 * up before its owner claimed the name, would hand the name to whoever claims it first. Nor
 * does another application's token or host. Read only: verify-claim.ts decides what follows.
 */
export async function findProof(
  ctx: AppContext,
  row: { domain: string; hostLabel: string; domainToken: string },
): Promise<ProofLookup> {
  const host = platformHostname(row.hostLabel, ctx.config.appsDomain);
  const check = await ctx.dns.check(row.domain, {
    platformHostname: host,
    publicIp: ctx.config.publicIp,
  });
  if (host && check.trouve.cname === normaliseDomain(host)) return { proof: 'cname' };
  const records = await ctx.dns.txt(verificationRecordName(row.domain));
  if (records === null) return { proof: null, result: null };
  const expected = verificationRecordValue(row.domainToken);
  if (records.some((r) => r.trim() === expected)) return { proof: 'txt' };
  // No TXT proof, and the alias could not be looked up: nothing to conclude yet.
  if (check.statut === 'indisponible') return { proof: null, result: null };
  return { proof: null, result: records.length ? 'txt_wrong' : 'txt_missing' };
}
