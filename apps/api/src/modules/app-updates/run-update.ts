import { appUpdateEventTexts as ev } from '@nuage/shared/messages/app-updates';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { applicationUpdates } from '../../db/schema/application-updates';
import { deployments } from '../../db/schema/deployments';
import { executeBackup } from '../backups/run-backup';
import { updateOf } from './presenter';

const finished = (status: 'failed', error: string) => ({ status, error, completedAt: new Date() });

/**
 * The update's work after the API answered: the backup first (a real one, in the application's
 * backups list); only once it succeeded, the new tag becomes the application's desired image,
 * which the reconciler rolls out health-gated (the previous version serves until the new one
 * answers). The reconciler settles the update (engine/reconcile/update-outcome.ts): the tag
 * stays on success, the previous one comes back when the new version never became healthy.
 */
export async function runUpdate(
  ctx: AppContext,
  updateId: string,
  signal?: AbortSignal,
): Promise<void> {
  const [update] = await ctx.db
    .select()
    .from(applicationUpdates)
    .where(eq(applicationUpdates.id, updateId));
  if (!update || update.status !== 'backing_up') return;
  const backup = update.backupId ? await executeBackup(ctx, update.backupId, signal) : null;
  if (!backup || backup.status !== 'success') {
    const reason = backup?.error ?? backupTexts.backupInterrupted;
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(applicationUpdates)
        .set(finished('failed', reason))
        .where(eq(applicationUpdates.id, update.id));
      await tx
        .update(deployments)
        .set({ events: withEvent(ev.backupFailed(update.toTag, reason)) })
        .where(eq(deployments.id, update.deploymentId));
    });
    return;
  }

  const started = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deployments)
      .where(eq(deployments.id, update.deploymentId))
      .for('update');
    // Edited or deleted while the backup ran: what was asked no longer describes the application.
    const step = row && row.desiredState === 'present' ? updateOf(row) : null;
    if (!row || !step || step.from !== update.fromTag || step.to !== update.toTag) {
      await tx
        .update(applicationUpdates)
        .set(finished('failed', ev.changedMeanwhile))
        .where(eq(applicationUpdates.id, update.id));
      if (row) {
        await tx
          .update(deployments)
          .set({ events: withEvent(ev.changedMeanwhile) })
          .where(eq(deployments.id, row.id));
      }
      return false;
    }
    await tx
      .update(deployments)
      .set({
        imageTag: update.toTag,
        // The catalogue's tag is followed by name: no digest of the previous version pinned.
        imageDigest: null,
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        updatedAt: new Date(),
        events: withEvent(ev.rolling(update.fromTag, update.toTag)),
      })
      .where(eq(deployments.id, row.id));
    await tx
      .update(applicationUpdates)
      .set({ status: 'rolling_out', generation: row.generation + 1 })
      .where(
        and(eq(applicationUpdates.id, update.id), eq(applicationUpdates.status, 'backing_up')),
      );
    return true;
  });
  if (started) ctx.engine.wake();
}
