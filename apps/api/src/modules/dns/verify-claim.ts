import type { DomainCheckResult } from '@nuage/shared/dns-help';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { claimExpiresAt, nextCheckAt } from './claim-schedule';
import { findProof } from './find-proof';
import { releaseExpiredClaims } from './release-claims';
import { takeDomain } from './take-domain';

type DeploymentRow = typeof deployments.$inferSelect;

export type ClaimCheck =
  /** This check found the proof: the application took the name. */
  | { status: 'verified' }
  | { status: 'already_verified' }
  /** Not proved yet: what was found is recorded, the next background check scheduled. */
  | { status: 'pending'; result: DomainCheckResult }
  /** The DNS did not answer: nothing recorded but the next check (no flapping). */
  | { status: 'unavailable' }
  /** Past its delay: withdrawn by this check. */
  | { status: 'expired' }
  /** Proved, but a verified application still holds the name (one being deleted). */
  | { status: 'held' }
  /** No claim (anymore), or it changed while this check ran. */
  | { status: 'gone' };

/**
 * One check of an application's pending custom domain, by its developers (« Vérifier le DNS »)
 * or by the platform's background check: a claim past its delay is withdrawn; a proof found in
 * DNS takes the name (take-domain.ts); otherwise what the DNS said is recorded for the DNS card.
 * A failed lookup changes nothing but the time of the next check, so a flaky DNS server never
 * makes a claim's state come and go, and a verified domain is never checked again.
 */
export async function checkClaim(
  ctx: AppContext,
  row: DeploymentRow,
  now = new Date(),
): Promise<ClaimCheck> {
  const domain = row.domain;
  if (!domain) return { status: 'gone' };
  if (row.domainVerifiedAt) return { status: 'already_verified' };
  if (claimExpiresAt(row.domainClaimedAt ?? row.createdAt) <= now) {
    if (await releaseExpiredClaims(ctx.db, { limit: 1, deploymentId: row.id, now }))
      ctx.engine.wake();
    return { status: 'expired' };
  }
  const found = await findProof(ctx, { ...row, domain });
  if (found.proof) {
    const taken = await takeDomain(ctx, { ...row, domain }, found.proof);
    if (taken.status === 'verified') return { status: 'verified' };
    if (taken.status === 'changed') return { status: 'gone' };
    await recordFinding(ctx.db, { ...row, domain }, null, now);
    return { status: 'held' };
  }
  await recordFinding(ctx.db, { ...row, domain }, found.result, now);
  return found.result ? { status: 'pending', result: found.result } : { status: 'unavailable' };
}

/** What a check found (when the DNS answered), and when the background check looks next. */
async function recordFinding(
  db: Executor,
  row: DeploymentRow & { domain: string },
  result: DomainCheckResult | null,
  now: Date,
) {
  await db
    .update(deployments)
    .set({
      domainNextCheckAt: nextCheckAt(row.domainClaimedAt ?? row.createdAt, now),
      ...(result ? { domainCheckedAt: now, domainCheckResult: result } : {}),
    })
    .where(
      and(
        eq(deployments.id, row.id),
        eq(deployments.domain, row.domain),
        isNull(deployments.domainVerifiedAt),
      ),
    );
}
