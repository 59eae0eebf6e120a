import { domainOwnershipTexts as t, type DomainProof } from '@nuage/shared/dns-help';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import { recordAudit } from '../audit/record';
import { withEvent } from '../../db/deployment-events';
import { lockDomainName } from './domain-lock';
import { auditReleases, notExpired, releasedColumns } from './release-claims';

export type TakeOutcome =
  | { status: 'verified'; released: number }
  /** A verified application holds the name (one being deleted, or from before the rules). */
  | { status: 'held' }
  /** The claim changed meanwhile (edited, withdrawn, expired, taken by another proof). */
  | { status: 'changed' };

const sameName = (name: string) => sql`lower(rtrim(${deployments.domain}, '.')) = ${name}`;

/**
 * The proof of control of `claim.domain` was found for this application: it takes the name.
 * One transaction, decided by the database: under the name's lock (ordered with every claim of
 * the name: domain-lock.ts), the claim is verified if it still stands and no verified holder
 * exists (the unique index `deployments_domain_key` being the last word), and every other
 * application's pending claim of the name is withdrawn, each with a French event and an
 * audit entry in its own project that does not say who proved it. Then every runtime serves
 * the name for its new holder only.
 */
export async function takeDomain(
  ctx: AppContext,
  claim: { id: string; projectId: string; nom: string; domain: string },
  proof: Exclude<DomainProof, 'existing'>,
): Promise<TakeOutcome> {
  const name = claim.domain;
  const now = new Date();
  const outcome = await ctx.db
    .transaction(async (tx): Promise<TakeOutcome> => {
      await lockDomainName(tx, name);
      const [verified] = await tx
        .select({ id: deployments.id })
        .from(deployments)
        .where(
          and(
            sameName(name),
            isNotNull(deployments.domainVerifiedAt),
            ne(deployments.id, claim.id),
          ),
        )
        .limit(1);
      if (verified) return { status: 'held' };
      const rivals = await tx
        .select({ projectId: deployments.projectId })
        .from(deployments)
        .where(
          and(sameName(name), isNull(deployments.domainVerifiedAt), ne(deployments.id, claim.id)),
        );
      // The audit entries below need each project row (foreign key): taken before any
      // application row, as a claim's transaction takes the project after the name.
      const projectIds = [...new Set([claim.projectId, ...rivals.map((r) => r.projectId)])];
      await tx
        .select({ id: projects.id })
        .from(projects)
        .where(inArray(projects.id, projectIds))
        .for('key share');
      const [won] = await tx
        .update(deployments)
        .set({
          domainVerifiedAt: now,
          domainProof: proof,
          domainNextCheckAt: null,
          domainCheckedAt: now,
          domainCheckResult: null,
          generation: sql`${deployments.generation} + 1`,
          nextAttemptAt: now,
          attempts: 0,
          updatedAt: now,
          events: withEvent(t.verifiedEvent(name)),
        })
        .where(
          and(
            eq(deployments.id, claim.id),
            eq(deployments.domain, name),
            isNull(deployments.domainVerifiedAt),
            eq(deployments.desiredState, 'present'),
            // A claim past its delay is withdrawn, never verified (release-claims.ts).
            notExpired(now),
          ),
        )
        .returning({ id: deployments.id });
      if (!won) return { status: 'changed' };
      const released = await tx
        .update(deployments)
        .set(releasedColumns(name, 'prouve_pour_une_autre_application', now))
        .where(
          and(sameName(name), isNull(deployments.domainVerifiedAt), ne(deployments.id, claim.id)),
        )
        .returning({ id: deployments.id, projectId: deployments.projectId, nom: deployments.nom });
      await recordAudit(tx, {
        projectId: claim.projectId,
        action: 'deployment.domain_verified',
        target: { type: 'deployment', id: claim.id, name: claim.nom },
        details: { domaine: name, preuve: proof },
      });
      await auditReleases(tx, released, name, 'prouve_pour_une_autre_application');
      return { status: 'verified', released: released.length };
    })
    .catch((err: unknown): TakeOutcome => {
      // A verified holder appeared that the lock does not order (a row written by hand).
      if (isUniqueViolation(err, 'deployments_domain_key')) return { status: 'held' };
      throw err;
    });
  if (outcome.status === 'verified') {
    ctx.log.info(
      { deploymentId: claim.id, domain: name, proof, released: outcome.released },
      'custom domain verified',
    );
    ctx.engine.wake();
  }
  return outcome;
}
