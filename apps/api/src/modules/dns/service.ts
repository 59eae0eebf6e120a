import { dnsTexts, type DnsHelp } from '@nuage/shared/dns-help';
import type { AppContext } from '../../app-context';
import { platformHostname } from '../../engine/hostnames';
import { conflict } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { authorizeDeployment } from '../deployments/access';
import { expectedRecords } from './instructions';
import { domainOwnership } from './ownership';

const CHECK_LIMIT = { windowMs: 60_000, max: 20 };

/**
 * GET /deployments/deployment/{id}/dns: the record to create for the application's custom
 * domain, whether the DNS already says so, and the proof of control (ownership.ts): a domain
 * awaiting it is verified by this check as soon as its owner's record is there, and served from
 * then on. Every member may read it; lookups are limited per account so the endpoint cannot be
 * used to hammer DNS servers.
 */
export async function deploymentDnsHelp(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DnsHelp> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  const domain = row.domain;
  if (!domain) throw conflict(dnsTexts.noDomain);
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).acquire([
    { bucket: 'dns-check', subject: input.userId, ...CHECK_LIMIT, detail: dnsTexts.tooMany },
  ]);
  const expected = {
    platformHostname: platformHostname(row.hostLabel, ctx.config.appsDomain),
    publicIp: ctx.config.publicIp,
  };
  const verification = await ctx.dns.check(domain, expected);
  return {
    domaine: domain,
    enregistrements: expectedRecords({ domain, ...expected }),
    verification,
    propriete: await domainOwnership(
      ctx,
      { ...row, domain },
      { verification, platformHostname: expected.platformHostname },
    ),
  };
}
