import {
  dnsTexts,
  domainOwnershipTexts as ownershipTexts,
  type DnsHelp,
} from '@nuage/shared/dns-help';
import { domainMessages } from '@nuage/shared/schemas/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { platformHostname } from '../../engine/routing/hostnames';
import { conflict } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { authorizeDeployment } from '../deployments/access';
import { expectedRecords } from './instructions';
import { presentOwnership } from './present-ownership';
import { checkClaim, type ClaimCheck } from './verify-claim';

type DeploymentRow = typeof deployments.$inferSelect;

const CHECK_LIMIT = { windowMs: 60_000, max: 20 };

/** DNS lookups are limited per account, so these endpoints cannot hammer DNS servers. */
async function limitLookups(ctx: AppContext, userId: string) {
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).acquire([
    { bucket: 'dns-check', subject: userId, ...CHECK_LIMIT, detail: dnsTexts.tooMany },
  ]);
}

/** The card's content: the records to create, whether they reach the platform, the proof's state. */
async function dnsHelpOf(
  ctx: AppContext,
  row: DeploymentRow & { domain: string },
  message?: string,
): Promise<DnsHelp> {
  const expected = {
    platformHostname: platformHostname(row.hostLabel, ctx.config.appsDomain),
    publicIp: ctx.config.publicIp,
  };
  const verification = await ctx.dns.check(row.domain, expected);
  return {
    domaine: row.domain,
    enregistrements: expectedRecords({ domain: row.domain, ...expected }),
    verification,
    propriete: presentOwnership(row, verification, message),
  };
}

/**
 * GET /deployments/deployment/{id}/dns: the record to create for the application's custom
 * domain, whether the DNS already says so, and the proof of control as stored (pending until
 * when, what the last check found; or verified). Every member may read it; it changes nothing
 * (verification is the explicit action below, and the platform's background check).
 */
export async function deploymentDnsHelp(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DnsHelp> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  const domain = row.domain;
  if (!domain) throw conflict(dnsTexts.noDomain);
  await limitLookups(ctx, input.userId);
  return dnsHelpOf(ctx, { ...row, domain });
}

/**
 * POST /deployments/deployment/{id}/dns/verify (« Vérifier le DNS »): looks for the proof of
 * control of the application's pending custom domain now, and answers the card as it then
 * stands. Developers and admins (it changes what the platform serves); a claim past its delay
 * is withdrawn (409), as is a name a verified application holds (409, never whose).
 */
export async function verifyDeploymentDomain(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DnsHelp> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  const domain = row.domain;
  if (!domain) throw conflict(dnsTexts.noDomain);
  await limitLookups(ctx, input.userId);
  const check = await checkClaim(ctx, row);
  if (check.status === 'expired') throw conflict(ownershipTexts.expired(domain));
  if (check.status === 'held') throw conflict(domainMessages.taken);
  const [current] = await ctx.db.select().from(deployments).where(eq(deployments.id, row.id));
  if (!current?.domain) throw conflict(dnsTexts.noDomain);
  return dnsHelpOf(ctx, { ...current, domain: current.domain }, answerOf(check, current.domain));
}

/** What the card says this check found, in place of the stored finding. */
function answerOf(check: ClaimCheck, domain: string): string | undefined {
  if (check.status === 'verified') return ownershipTexts.justVerified(domain);
  if (check.status === 'unavailable') return ownershipTexts.txtUnavailable;
  return undefined;
}
