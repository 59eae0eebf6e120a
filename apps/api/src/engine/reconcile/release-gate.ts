import { and, eq, sql } from 'drizzle-orm';
import { deployments } from '../../db/schema/deployments';
import { releases } from '../../db/schema/releases';
import { withEvent } from '../../db/deployment-events';
import { releaseColumns } from '../../db/release-columns';
import { OBSERVE_EVERY_MS } from './backoff';
import type { ReleaseNotReadyError } from '../driver';
import type { DeploymentRow } from '../specs/spec-for-deployment';
import type { Executor } from '../../db/client';
import { releaseGateTexts } from '@nuage/shared/messages/reconcile';

/**
 * Health-gated releases (issue 13): a release becomes the application's current one only once
 * the runtime took it; one whose replica never became ready while the previous one served
 * leaves the previous one current, and the desired state points back at it, so the
 * reconciler neither loops on the broken version nor ever stops the one that serves.
 */

/** Columns an apply that succeeded sets: the release it rolled out now serves. */
export function releaseWentLive(row: DeploymentRow) {
  if (!row.desiredReleaseId) {
    // A template application's update (or a re-apply of what serves): a new version is live.
    return row.sourceKind === 'code' ? {} : { rolloutError: null };
  }
  return {
    currentReleaseId: row.desiredReleaseId,
    currentReleaseNumero: sql<number>`(select ${releases.numero} from ${releases} where ${releases.id} = ${row.desiredReleaseId})`,
    // A newer release wanted meanwhile stays wanted.
    desiredReleaseId: sql<
      string | null
    >`nullif(${deployments.desiredReleaseId}, ${row.desiredReleaseId})`,
    rolloutError: null,
  };
}

export const notLiveMessage = releaseGateTexts.notLive;

/**
 * The runtime removed the new replica and kept the old one serving. Code application: the
 * release is marked as never served and the application's image and configuration go back to
 * the serving release (unless the user asked for something newer meanwhile). Template
 * application: the failed generation counts as observed, so it is not retried until the
 * desired state changes again.
 */
export async function recordNotReady(
  db: Executor,
  row: DeploymentRow,
  err: ReleaseNotReadyError,
  held: ReturnType<typeof and>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = row.desiredReleaseId
      ? await tx.select().from(releases).where(eq(releases.id, row.desiredReleaseId))
      : [];
    const [serving] = row.currentReleaseId
      ? await tx.select().from(releases).where(eq(releases.id, row.currentReleaseId))
      : [];
    const message =
      failed && serving
        ? notLiveMessage(
            releaseGateTexts.release(failed.numero),
            releaseGateTexts.servingRelease(serving.numero),
            err.reason,
          )
        : notLiveMessage(releaseGateTexts.newRelease, releaseGateTexts.previousRelease, err.reason);
    if (failed) {
      await tx.update(releases).set({ rolloutError: err.reason }).where(eq(releases.id, failed.id));
    }
    const common = {
      status: 'RUNNING' as const,
      statusReason: null,
      rolloutError: message,
      attempts: 0,
      events: withEvent(message),
      leaseOwner: null,
      leaseExpiresAt: null,
    };
    const unchanged = and(held, eq(deployments.generation, row.generation));
    if (failed && serving) {
      const [reverted] = await tx
        .update(deployments)
        .set({
          ...common,
          ...releaseColumns(serving, row.settings),
          desiredReleaseId: null,
          // Applied again: replicas a multi-replica rollout replaced before the failure go back.
          generation: sql`${deployments.generation} + 1`,
          nextAttemptAt: new Date(),
        })
        .where(unchanged)
        .returning({ id: deployments.id });
      if (reverted) return;
    }
    // A template update, or a newer desired state arrived meanwhile (it is applied next pass).
    await tx
      .update(deployments)
      .set({
        ...common,
        observedGeneration: row.generation,
        // The failed release is no longer wanted; a newer one asked for meanwhile still is.
        ...(row.desiredReleaseId
          ? {
              desiredReleaseId: sql<
                string | null
              >`nullif(${deployments.desiredReleaseId}, ${row.desiredReleaseId})`,
            }
          : {}),
        nextAttemptAt: sql`case when ${deployments.generation} > ${row.generation} then now() else now() + ${`${OBSERVE_EVERY_MS.running} milliseconds`}::interval end`,
      })
      .where(held);
  });
}
