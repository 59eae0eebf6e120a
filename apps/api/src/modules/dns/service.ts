import { dnsTexts, type DnsHelp } from '@nuage/shared/dns-help';
import type { AppContext } from '../../app-context';
import { platformHostname } from '../../engine/hostnames';
import { conflict } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { authorizeDeployment } from '../deployments/access';
import { expectedRecords } from './instructions';

const CHECK_LIMIT = { windowMs: 60_000, max: 20 };

/**
 * GET /deployments/deployment/{id}/dns: the record to create for the application's custom
 * domain and whether the DNS already says so. Every member may read it; lookups are limited
 * per account so the endpoint cannot be used to hammer DNS servers.
 */
export async function deploymentDnsHelp(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DnsHelp> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  if (!row.domain) throw conflict(dnsTexts.noDomain);
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).acquire([
    { bucket: 'dns-check', subject: input.userId, ...CHECK_LIMIT, detail: dnsTexts.tooMany },
  ]);
  const expected = {
    platformHostname: platformHostname(row.hostLabel, ctx.config.appsDomain),
    publicIp: ctx.config.publicIp,
  };
  return {
    domaine: row.domain,
    enregistrements: expectedRecords({ domain: row.domain, ...expected }),
    verification: await ctx.dns.check(row.domain, expected),
  };
}
