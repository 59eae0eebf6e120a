import { appUpdateErrorTexts as e, appUpdateEventTexts } from '@nuage/shared/messages/app-updates';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { isUniqueViolation } from '../../db/errors';
import { applicationUpdates, type ApplicationUpdateRow } from '../../db/schema/application-updates';
import { backupDestinations, backupRestores, backups } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { badRequest, conflict } from '../../lib/errors';
import { reservationOf } from '../../lib/reservation';
import { destinationRequired } from '../backups/destination-required';
import { recordBackup } from '../backups/run-backup';
import { authorizeDeployment } from '../deployments/access';
import { checkQuota, lockProject } from '../deployments/quota';
import { updateOf } from './presenter';

type DeploymentRow = typeof deployments.$inferSelect;

/** Deploying, held for a restore or being deleted: the update waits until it serves. */
async function assertSettled(ctx: AppContext, row: DeploymentRow): Promise<void> {
  const [updating] = await ctx.db
    .select({ id: applicationUpdates.id })
    .from(applicationUpdates)
    .where(
      and(
        eq(applicationUpdates.deploymentId, row.id),
        inArray(applicationUpdates.status, ['backing_up', 'rolling_out']),
      ),
    );
  if (updating) throw conflict(e.updateRunning);
  const changing = row.generation > row.observedGeneration;
  if (
    row.desiredState === 'absent' ||
    changing ||
    row.status === 'PENDING' ||
    row.status === 'DEPLOYING'
  )
    throw conflict(e.busy);
  const [restoring] = await ctx.db
    .select({ id: backupRestores.id })
    .from(backupRestores)
    .where(
      and(
        eq(backupRestores.targetDeploymentId, row.id),
        eq(backupRestores.status, 'running'),
        ne(backupRestores.kind, 'test'),
      ),
    );
  if (restoring) throw conflict(e.busy);
  const [backingUp] = await ctx.db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.deploymentId, row.id), eq(backups.status, 'running')));
  if (backingUp) throw conflict(e.backupRunning);
}

/** Kubernetes backs up straight to the project's S3 destination: none, no backup, no update. */
async function assertBackupPossible(ctx: AppContext, row: DeploymentRow): Promise<void> {
  if (!destinationRequired(ctx.engine.driver)) return;
  const [destination] = await ctx.db
    .select({ projectId: backupDestinations.projectId })
    .from(backupDestinations)
    .where(eq(backupDestinations.projectId, row.projectId));
  if (!destination) throw badRequest(e.needsBackupDestination(backupTexts.inClusterNeedsS3));
}

/**
 * POST /deployments/{id}/update (« Mettre à jour »): records the update and its backup, both
 * running; runUpdate (run-update.ts) does the work once the API answered. A developer or an
 * admin of the project, as for every change of the application.
 */
export async function requestUpdate(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<{ update: ApplicationUpdateRow; backupId: string }> {
  const app = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (!updateOf(app)) throw conflict(e.noUpdate);
  await assertSettled(ctx, app);
  await assertBackupPossible(ctx, app);
  try {
    return await ctx.db.transaction(async (tx) => {
      const project = await lockProject(tx, app.projectId);
      const [row] = await tx
        .select()
        .from(deployments)
        .where(eq(deployments.id, app.id))
        .for('update');
      const update = row && updateOf(row);
      if (!row || !update) throw conflict(e.noUpdate);
      await assertSettled(ctx, row);
      // The new version runs beside the old one until it answers: the project must hold the
      // application as it stands (an operator may have lowered the quota below it since).
      await checkQuota(tx, project, {
        requested: reservationOf(row),
        excludeDeploymentId: row.id,
      });
      const backup = await recordBackup(
        { ...ctx, db: tx },
        {
          deploymentId: row.id,
          projectId: row.projectId,
          kind: 'manual',
          requestedBy: input.userId,
        },
      );
      const [inserted] = await tx
        .insert(applicationUpdates)
        .values({
          deploymentId: row.id,
          fromTag: update.from,
          toTag: update.to,
          backupId: backup.id,
          requestedBy: input.userId,
        })
        .returning();
      await tx
        .update(deployments)
        .set({ events: withEvent(appUpdateEventTexts.requested(update.from, update.to)) })
        .where(eq(deployments.id, row.id));
      return { update: inserted!, backupId: backup.id };
    });
  } catch (err) {
    // Two requests at once: the partial unique indexes let one through.
    if (isUniqueViolation(err, 'application_updates_one_running_key'))
      throw conflict(e.updateRunning);
    if (isUniqueViolation(err, 'backups_one_running_key')) throw conflict(e.backupRunning);
    throw err;
  }
}
