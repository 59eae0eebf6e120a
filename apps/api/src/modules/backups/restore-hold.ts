import type { AlerteRestauration } from '@nuage/shared/backup-types';
import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { backupRestores, backups, type RestoreRow } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { badRequest, conflict } from '../../lib/errors';
import { authorizeDeployment } from '../deployments/access';
import { withEvent } from '../../db/deployment-events';
import type { BackupContext } from './context';
import { isOnRestoreHold } from './new-application';
import { recordRestore } from './restore';

type DeploymentRow = typeof deployments.$inferSelect;

/** The latest restore into this application (test restores touch no application). */
async function latestRestoreInto(db: Executor, deploymentId: string) {
  const [latest] = await db
    .select({
      restore: backupRestores,
      backupDate: backups.startedAt,
      source: deployments.nom,
    })
    .from(backupRestores)
    .innerJoin(backups, eq(backups.id, backupRestores.backupId))
    .innerJoin(deployments, eq(deployments.id, backups.deploymentId))
    .where(
      and(eq(backupRestores.targetDeploymentId, deploymentId), ne(backupRestores.kind, 'test')),
    )
    .orderBy(desc(backupRestores.startedAt))
    .limit(1);
  return latest ?? null;
}

/**
 * For the application page (`alerte_restauration`): an application created to receive a
 * restore runs no replica until its data is loaded. While it is held, this says whether that
 * restore runs, or why it failed (which backup, when) and that it can be tried again.
 */
export async function restoreAlertOf(
  db: Executor,
  app: DeploymentRow,
): Promise<AlerteRestauration | null> {
  if (!isOnRestoreHold(app) || app.desiredState === 'absent') return null;
  const latest = await latestRestoreInto(db, app.id);
  if (!latest) {
    return {
      statut: 'failed',
      message: t.holdNoRestore,
      restauration_id: null,
      sauvegarde_id: null,
      sauvegarde_date: null,
      application_source: null,
      erreur: null,
      date: null,
      reessayable: false,
    };
  }
  const { restore, backupDate, source } = latest;
  const running = restore.status === 'running';
  const erreur = running ? null : (restore.error ?? 'raison inconnue');
  return {
    statut: running ? 'running' : 'failed',
    message: running ? t.holdRunning(source) : t.holdFailed(source, erreur!),
    restauration_id: restore.id,
    sauvegarde_id: restore.backupId,
    sauvegarde_date: backupDate.toISOString(),
    application_source: source,
    erreur,
    date: (running ? restore.startedAt : (restore.completedAt ?? restore.startedAt)).toISOString(),
    reessayable: !running,
  };
}

/**
 * « Réessayer la restauration »: the same backup again into the same held application. Safe
 * after a failure half-way (the runtime empties the database and the files before loading
 * them) and never twice at once: a restore still running is refused, and the partial unique
 * index settles two clicks that race. Developers and admins of its project only.
 */
export async function retryRestore(
  ctx: BackupContext,
  opts: { deploymentId: string; userId: string },
): Promise<RestoreRow> {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'developer' });
  if (!isOnRestoreHold(app)) throw badRequest(t.nothingToRetry);
  const latest = await latestRestoreInto(ctx.db, app.id);
  if (!latest) throw badRequest(t.holdNoRestore);
  if (latest.restore.status === 'running') throw conflict(t.restoreAlreadyRunning);
  let restore: RestoreRow;
  try {
    restore = await recordRestore(ctx, {
      backupId: latest.restore.backupId,
      targetDeploymentId: app.id,
      kind: latest.restore.kind,
      requestedBy: opts.userId,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'backup_restores_one_running_key')) {
      throw conflict(t.restoreAlreadyRunning);
    }
    throw err;
  }
  await ctx.db
    .update(deployments)
    .set({ events: withEvent(t.retryStarted), updatedAt: new Date() })
    .where(eq(deployments.id, app.id));
  return restore;
}
