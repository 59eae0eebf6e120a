import { appUpdateEventTexts as ev } from '@nuage/shared/messages/app-updates';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { withEvent } from '../../db/deployment-events';
import { applicationUpdates } from '../../db/schema/application-updates';
import { deployments } from '../../db/schema/deployments';
import type { DeploymentRow } from '../specs/spec-for-deployment';
import { RELEASE } from './row-lease';

/**
 * The reconciler's end of « Mettre à jour » (issue 30 item 4; modules/app-updates): the update
 * whose new tag this pass applied. Its generation is the one that carried the tag, so an edit
 * made meanwhile (a later generation) never settles it by mistake.
 */
async function rollingUpdate(db: Executor, row: DeploymentRow) {
  if (row.sourceKind !== 'template') return null;
  const [update] = await db
    .select()
    .from(applicationUpdates)
    .where(
      and(
        eq(applicationUpdates.deploymentId, row.id),
        eq(applicationUpdates.status, 'rolling_out'),
        eq(applicationUpdates.generation, row.generation),
      ),
    );
  return update ?? null;
}

/** The new version took over (the runtime's rollout passed its health gate): the tag stays. */
export async function updateWentLive(db: Executor, row: DeploymentRow): Promise<void> {
  const update = await rollingUpdate(db, row);
  if (!update) return;
  await db.transaction(async (tx) => {
    await tx
      .update(applicationUpdates)
      .set({ status: 'succeeded', completedAt: new Date() })
      .where(
        and(eq(applicationUpdates.id, update.id), eq(applicationUpdates.status, 'rolling_out')),
      );
    await tx
      .update(deployments)
      .set({ events: withEvent(ev.succeeded(update.fromTag, update.toTag)) })
      .where(eq(deployments.id, row.id));
  });
}

/**
 * The new version never became healthy (or the runtime refused it): the application goes back
 * to the previous tag on its own, applied again at once (replicas a multi-replica rollout
 * replaced before the failure come back), and its history says so. Answers false when no
 * update was rolling out, for the caller's usual handling.
 */
export async function rollBackUpdate(
  db: Executor,
  row: DeploymentRow,
  reason: string,
  held: SQL | undefined,
): Promise<boolean> {
  const update = await rollingUpdate(db, row);
  if (!update) return false;
  const message = ev.rolledBack(update.fromTag, update.toTag, reason);
  return db.transaction(async (tx) => {
    const [reverted] = await tx
      .update(deployments)
      .set({
        imageTag: update.fromTag,
        imageDigest: null,
        status: 'RUNNING',
        statusReason: null,
        rolloutError: message,
        attempts: 0,
        events: withEvent(message),
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        ...RELEASE,
      })
      // Only while the application still wants the update's tag (an edit since wins).
      .where(and(held, eq(deployments.generation, row.generation)))
      .returning({ id: deployments.id });
    // A newer desired state settles the application; the update ends as not done.
    if (!reverted) {
      await tx
        .update(applicationUpdates)
        .set({ status: 'failed', error: reason, completedAt: new Date() })
        .where(eq(applicationUpdates.id, update.id));
      return false;
    }
    await tx
      .update(applicationUpdates)
      .set({ status: 'rolled_back', error: reason, completedAt: new Date() })
      .where(eq(applicationUpdates.id, update.id));
    return true;
  });
}
