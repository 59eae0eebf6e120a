import { DOMAIN_CLAIM_PENDING_DAYS, domainOwnershipTexts as t } from '@nuage/shared/dns-help';
import { and, asc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import { recordAudit } from '../audit/record';
import { withEvent } from '../../db/deployment-events';
import { noClaimColumns } from '../deployments/domain-claim';

export type ReleaseReason = 'prouve_pour_une_autre_application' | 'delai_de_preuve_expire';

/**
 * What an application keeps when its pending claim is withdrawn: no domain, none of the
 * claim's bookkeeping, no certificate (one only serves a custom domain), a French event saying
 * why, and a new generation so every runtime applies it again.
 */
export function releasedColumns(domain: string, reason: ReleaseReason, now: Date) {
  return {
    domain: null,
    ...noClaimColumns,
    certificateId: null,
    generation: sql`${deployments.generation} + 1`,
    nextAttemptAt: now,
    attempts: 0,
    updatedAt: now,
    events: withEvent(
      reason === 'prouve_pour_une_autre_application'
        ? t.releasedByProofEvent(domain)
        : t.expiredEvent(domain),
    ),
  };
}

export interface ReleasedClaim {
  id: string;
  projectId: string;
  nom: string;
}

/**
 * The entries of the released applications' projects, in the transaction that released them.
 * No actor: the platform decided (the caller whose proof took the name, when there is one, is
 * another tenant, never named in these projects).
 */
export async function auditReleases(
  tx: Executor,
  released: ReleasedClaim[],
  domain: string,
  reason: ReleaseReason,
): Promise<void> {
  for (const r of released) {
    await recordAudit(
      tx,
      {
        projectId: r.projectId,
        action: 'deployment.domain_released',
        target: { type: 'deployment', id: r.id, name: r.nom },
        details: { domaine: domain, raison: reason },
      },
      null,
    );
  }
}

/** SQL: the application's pending claim is still within its delay at `now`. */
export const notExpired = (now: Date) =>
  sql`coalesce(${deployments.domainClaimedAt}, ${deployments.createdAt}) > ${now.toISOString()}::timestamptz - make_interval(days => ${DOMAIN_CLAIM_PENDING_DAYS})`;

/**
 * Withdraws pending claims past their delay (DOMAIN_CLAIM_PENDING_DAYS), the oldest first, at
 * most `limit` (or the one of `deploymentId`): each application loses the domain with a French
 * event and an entry in its project's audit log, in one transaction. A claim proved or edited
 * meanwhile is left alone (the update checks again).
 */
export async function releaseExpiredClaims(
  db: Database,
  opts: { limit: number; deploymentId?: string; now?: Date },
): Promise<number> {
  const now = opts.now ?? new Date();
  const pendingAndExpired = and(
    isNotNull(deployments.domain),
    isNull(deployments.domainVerifiedAt),
    not(notExpired(now)),
  );
  const due = await db
    .select({ id: deployments.id, projectId: deployments.projectId })
    .from(deployments)
    .where(
      and(pendingAndExpired, opts.deploymentId ? eq(deployments.id, opts.deploymentId) : undefined),
    )
    .orderBy(asc(deployments.domainClaimedAt))
    .limit(opts.limit);
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Project rows before application rows, as everywhere (domain-lock.ts).
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [...new Set(due.map((d) => d.projectId))]))
      .for('key share');
    let released = 0;
    for (const { id } of due) {
      const [row] = await tx
        .select({ domain: deployments.domain })
        .from(deployments)
        .where(and(eq(deployments.id, id), pendingAndExpired))
        .for('update', { skipLocked: true });
      if (!row?.domain) continue;
      const [done] = await tx
        .update(deployments)
        .set(releasedColumns(row.domain, 'delai_de_preuve_expire', now))
        .where(eq(deployments.id, id))
        .returning({ id: deployments.id, projectId: deployments.projectId, nom: deployments.nom });
      await auditReleases(tx, [done!], row.domain, 'delai_de_preuve_expire');
      released += 1;
    }
    return released;
  });
}
