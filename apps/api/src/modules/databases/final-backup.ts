import { databaseTexts as t } from '@nuage/shared/messages/databases';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { deployments } from '../../db/schema/deployments';
import { conflict } from '../../lib/errors';
import { keepAsFinalBackup } from '../backups/final-backups';
import { executeBackup } from '../backups/run-backup';
import { requestBackup } from '../backups/service';
import { authorizeDatabase } from './access';
import { deleteDatabase, linksOf } from './service';

type Input = { databaseId: string; userId: string };

/**
 * DELETE /databases/{id}?sauvegarde_finale=true, its first half, in the request: what would
 * refuse the deletion is refused now, in French (linked, stopped; then as « Sauvegarder
 * maintenant »: the role, the destination, one backup at a time), and the backup is recorded.
 * The backup itself runs after the answer (finishDeletionAfterFinalBackup): a dump may last
 * longer than a proxy or the HTTP server keeps a request open. Answers the backup's id.
 */
export async function startDeletionAfterFinalBackup(
  ctx: AppContext,
  input: Input,
): Promise<string> {
  const row = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  const links = (await linksOf(ctx.db, [row.id])).get(row.id) ?? [];
  if (links.length) throw conflict(t.inUse(links.map((l) => `« ${l.applicationNom} »`)));
  if (row.settings.stopped === true) throw conflict(t.finalBackupStopped);
  const started = await requestBackup(ctx, { deploymentId: row.id, userId: input.userId });
  await tell(ctx, row.id, t.finalBackupStarted);
  return started.id;
}

/**
 * Its second half, in the background: the backup (every copy verified), then the deletion, in
 * whose transaction the backup is kept in the project (backups/final-backups.ts). Nothing is
 * deleted unless the backup succeeded; why not is told in the database's events (and, for a
 * failed backup, by the backups' own failure mail and notification). A platform stop during
 * the backup records it as interrupted: the database stays, and the deletion can be asked again.
 */
export async function finishDeletionAfterFinalBackup(
  ctx: AppContext,
  input: Input & { backupId: string },
  signal?: AbortSignal,
): Promise<void> {
  const done = await executeBackup(ctx, input.backupId, signal);
  if (done.status !== 'success') {
    await tell(ctx, input.databaseId, t.finalBackupFailed(done.error ?? ''));
    return;
  }
  try {
    await deleteDatabase(ctx, input, (tx, database) => keepAsFinalBackup(tx, done.id, database));
    ctx.log.info(
      { deploymentId: input.databaseId, backupId: done.id },
      'deleted after its final backup',
    );
  } catch (err) {
    // Linked, or deleted, meanwhile: the backup stays in the database's list.
    const reason = (err as Error).message || String(err);
    await tell(ctx, input.databaseId, t.notDeletedAfterBackup(reason));
  }
}

async function tell(ctx: AppContext, databaseId: string, message: string) {
  await ctx.db
    .update(deployments)
    .set({ events: withEvent(message) })
    .where(eq(deployments.id, databaseId));
}
