import { rm } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { backups, backupSchedules } from '../../db/schema/backups';
import { localPath, s3DestinationOf, type BackupContext } from './context';
import { removeObject } from './destinations/s3';
import { backupsToDelete } from './retention';

export const DEFAULT_RETENTION = { keepCount: 7, keepDays: 30 };

/**
 * Deletes what the application's retention policy lets go (retention.ts decides), copies
 * first: a row is removed only once its files are, so a failed deletion is retried next time.
 */
export async function applyRetention(ctx: BackupContext, deploymentId: string): Promise<number> {
  const [schedule] = await ctx.db
    .select()
    .from(backupSchedules)
    .where(eq(backupSchedules.deploymentId, deploymentId));
  const policy = schedule ?? DEFAULT_RETENTION;
  const list = await ctx.db.select().from(backups).where(eq(backups.deploymentId, deploymentId));
  const doomed = new Set(backupsToDelete(list, policy, new Date()));
  if (doomed.size === 0) return 0;
  const deleted: string[] = [];
  for (const backup of list.filter((b) => doomed.has(b.id))) {
    try {
      await rm(localPath(ctx, backup), { force: true });
      if (backup.copies.some((c) => c.kind === 's3' && c.status === 'success')) {
        const s3 = await s3DestinationOf(ctx, backup.projectId);
        if (s3) await removeObject(s3, backup.fileName);
      }
      deleted.push(backup.id);
    } catch (err) {
      ctx.log.warn({ err, backupId: backup.id }, 'expired backup not deleted; retried later');
    }
  }
  if (deleted.length) await ctx.db.delete(backups).where(inArray(backups.id, deleted));
  return deleted.length;
}
