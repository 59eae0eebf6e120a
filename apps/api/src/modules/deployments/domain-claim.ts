import { domainMessages } from '@nuage/shared/schemas/domain';
import { and, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { hostnamePolicy, reservedBy, type ReservedBy } from '../../engine/reserved-hosts';
import { conflict, FieldValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/record';

/**
 * Claiming a custom domain (deploy, code deploy, edit): a name the platform allocates itself
 * is refused (422 on the field), a name another application holds, in any project and any
 * state, is refused (409) without saying whose it is. Checked before anything is written; the
 * unique index `deployments_domain_key` decides between two claims made at the same instant
 * (`isDomainTaken` maps its violation). Every refusal is written in the claimant's project
 * audit log (the holder's project learns nothing of it) and logged for the operators.
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

const reservedMessage = (reason: ReservedBy, appsDomain: string | undefined) =>
  reason === 'apps_domain'
    ? domainMessages.reservedAppsDomain(appsDomain!)
    : reason === 'localhost'
      ? domainMessages.reservedLocalhost
      : domainMessages.reservedPlatform;

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
  const [holder] = await ctx.db
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        sql`lower(rtrim(${deployments.domain}, '.')) = ${claim.domain}`,
        claim.deploymentId ? ne(deployments.id, claim.deploymentId) : undefined,
      ),
    )
    .limit(1);
  if (holder) throw await refuseTakenDomain(ctx, claim);
}

/** The refusal of a name another application holds (also when the unique index decided). */
export async function refuseTakenDomain(ctx: AppContext, claim: DomainClaim) {
  await auditRefusal(ctx, claim, 'deja_utilise');
  return conflict(domainMessages.taken);
}

export const isDomainTaken = (err: unknown) => isUniqueViolation(err, 'deployments_domain_key');

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
