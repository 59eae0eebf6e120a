import { domainMessages } from '@nuage/shared/schemas/domain';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { hostnamePolicy, reservedBy, type ReservedBy } from '../../engine/routing/reserved-hosts';
import { conflict, FieldValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { lockDomainName } from '../dns/domain-lock';
import { firstCheckAt } from '../dns/claim-schedule';

/**
 * Claiming a custom domain (deploy, code deploy, edit). A name the platform allocates itself is
 * refused (422 on the field). A claim is pending until its owner proves control (modules/dns)
 * and reserves nothing meanwhile: another project may claim the same name, and the first
 * whose owner proves control takes it (take-domain.ts), so nobody can block a name's real
 * owner by claiming it first. Refused (409, never saying whose) is a name that is already
 * verified for another application, deleting ones included until their objects are gone, and
 * a name another application of the same project already claims (one project has no use for
 * two claims of one name). Checked before anything is written, then again inside the writing
 * transaction under the name's lock (`claimDomain`), which orders it against proofs of the same
 * name. Every refusal is written in the claimant's project audit log (the holder's project
 * learns nothing of it) and logged for the operators.
 */

export interface DomainClaim {
  projectId: string;
  /** The application changing its domain; absent for a new one. */
  deploymentId?: string;
  /** Its name, for the audit entry. */
  nom: string;
  /** Normalised (schemas/domain.ts). */
  domain: string;
  /** The body field that carried it: nom_domaine (deploy) or nom_de_domaine (edit). */
  field: 'nom_domaine' | 'nom_de_domaine';
}

/** The name is held against this claim (found inside the writing transaction). */
export class DomainTakenError extends Error {
  constructor() {
    super('custom domain held by another application');
  }
}

const reservedMessage = (reason: ReservedBy, appsDomain: string | undefined) =>
  reason === 'apps_domain'
    ? domainMessages.reservedAppsDomain(appsDomain!)
    : reason === 'localhost'
      ? domainMessages.reservedLocalhost
      : domainMessages.reservedPlatform;

/** Does another application hold `claim.domain` against it: verified anywhere, or claimed in its project? */
async function heldAgainst(db: Executor, claim: DomainClaim): Promise<boolean> {
  const [holder] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        sql`lower(rtrim(${deployments.domain}, '.')) = ${claim.domain}`,
        claim.deploymentId ? ne(deployments.id, claim.deploymentId) : undefined,
        or(isNotNull(deployments.domainVerifiedAt), eq(deployments.projectId, claim.projectId)),
      ),
    )
    .limit(1);
  return holder !== undefined;
}

export async function assertDomainClaimable(ctx: AppContext, claim: DomainClaim): Promise<void> {
  const policy = hostnamePolicy(ctx.config);
  const reserved = reservedBy(claim.domain, policy);
  if (reserved) {
    await auditRefusal(ctx, claim, `reserve_${reserved}`);
    throw new FieldValidationError([
      {
        loc: ['body', claim.field],
        msg: reservedMessage(reserved, policy.appsDomain),
        type: 'reserved',
      },
    ]);
  }
  if (await heldAgainst(ctx.db, claim)) throw await refuseTakenDomain(ctx, claim);
}

/**
 * Inside the transaction that writes the claim, first thing (before any project or row lock):
 * the name's lock, then the check again, so a proof of the same name committed meanwhile is
 * seen. Returns the claim's bookkeeping columns (pending, first background check).
 */
export async function claimDomain(tx: Executor, claim: DomainClaim, now = new Date()) {
  await lockDomainName(tx, claim.domain);
  return claimLockedDomain(tx, claim, now);
}

/** The same, for a transaction that already holds the name's lock (taken first: the edit). */
export async function claimLockedDomain(tx: Executor, claim: DomainClaim, now = new Date()) {
  if (await heldAgainst(tx, claim)) throw new DomainTakenError();
  return pendingClaimColumns(now);
}

/** A fresh claim: pending, never checked, first looked at by the background check soon. */
export function pendingClaimColumns(now: Date) {
  return {
    domainClaimedAt: now,
    domainVerifiedAt: null,
    domainProof: null,
    domainNextCheckAt: firstCheckAt(now),
    domainCheckedAt: null,
    domainCheckResult: null,
  };
}

/** No domain: none of the claim's bookkeeping either. */
export const noClaimColumns = {
  domainClaimedAt: null,
  domainVerifiedAt: null,
  domainProof: null,
  domainNextCheckAt: null,
  domainCheckedAt: null,
  domainCheckResult: null,
} as const;

/** The refusal of a name another application holds (also when decided in the transaction). */
export async function refuseTakenDomain(ctx: AppContext, claim: DomainClaim) {
  await auditRefusal(ctx, claim, 'deja_utilise');
  return conflict(domainMessages.taken);
}

/** The name was held against the claim: found under the name's lock, or by the unique index. */
export const isDomainTaken = (err: unknown) =>
  err instanceof DomainTakenError || isUniqueViolation(err, 'deployments_domain_key');

async function auditRefusal(ctx: AppContext, claim: DomainClaim, reason: string) {
  ctx.log.warn(
    { projectId: claim.projectId, deploymentId: claim.deploymentId, domain: claim.domain, reason },
    'custom domain claim refused',
  );
  // Outside the refused change's transaction (it never commits); a failure to record it is
  // logged, never turned into another answer than the refusal.
  await recordAudit(ctx.db, {
    projectId: claim.projectId,
    action: 'deployment.domain_refused',
    target: { type: 'deployment', id: claim.deploymentId ?? null, name: claim.nom },
    details: { domaine: claim.domain, raison: reason },
  }).catch((err: unknown) => ctx.log.error({ err }, 'audit entry not recorded'));
}
