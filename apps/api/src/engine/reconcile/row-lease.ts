import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deployments } from '../../db/schema/deployments';
import type { DeploymentRow } from '../specs/spec-for-deployment';

/** The reconciler's hold on an application's row: its lease, given back with each pass's last write. */

export function lostLease(deps: { log: FastifyBaseLogger }, row: Pick<DeploymentRow, 'id'>) {
  deps.log.warn({ deploymentId: row.id }, 'lease lost during the pass: another process carries on');
}

/**
 * Every pass ends with one write that records what happened and gives the claim back, rather
 * than a second statement: one round trip less per pass, on a connection the pool shares.
 */
export const RELEASE = { leaseOwner: null, leaseExpiresAt: null };

/** The application's row, as long as this process still holds its lease. */
export function heldBy(deps: { owner: string }, row: Pick<DeploymentRow, 'id'>) {
  return and(eq(deployments.id, row.id), eq(deployments.leaseOwner, deps.owner));
}

/**
 * Never delays work the API asked for meanwhile (new generation or restart request). The
 * restart times compare to the millisecond: the observed one went through a JavaScript Date,
 * and a request stored to the microsecond would otherwise stay "pending" forever (an immediate
 * pass, again and again, probing the containers many times a second).
 */
export function nextAttempt(delayMs: number) {
  return sql`case when ${deployments.generation} > ${deployments.observedGeneration} or date_trunc('milliseconds', ${deployments.restartRequestedAt}) > coalesce(${deployments.restartObservedAt}, 'epoch'::timestamptz) then now() else now() + ${`${delayMs} milliseconds`}::interval end`;
}
