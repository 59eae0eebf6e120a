import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { and, eq, isNotNull } from 'drizzle-orm';
import { backupRestores, type RestoreRow } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { withEvent } from '../../db/deployment-events';
import type { BackupContext } from './context';

/**
 * A platform stop does not wait for a restore (minutes) nor fail it: the restore is handed
 * over, still `running` (its application stays held, a second restore into it stays refused),
 * and the next start, or another process, runs it again from the beginning. Every step of a
 * restore is safe to do again (the database and the files are emptied before they are loaded).
 */
export async function suspendRestore(ctx: BackupContext, restoreId: string): Promise<RestoreRow> {
  const [row] = await ctx.db
    .update(backupRestores)
    .set({ suspendedAt: new Date() })
    .where(and(eq(backupRestores.id, restoreId), eq(backupRestores.status, 'running')))
    .returning();
  ctx.log.info({ restoreId }, 'restore handed over to the next start');
  if (row) return row;
  const [current] = await ctx.db
    .select()
    .from(backupRestores)
    .where(eq(backupRestores.id, restoreId));
  return current!;
}

/**
 * Takes up the restores a stop handed over and starts each (`start`, false when this process
 * is stopping in turn: handed over again). The conditional update is the claim: two processes
 * never take the same one. Its application's history says so.
 */
export async function resumeSuspendedRestores(
  ctx: BackupContext,
  start: (restoreId: string) => boolean,
): Promise<number> {
  const claimed = await ctx.db
    .update(backupRestores)
    .set({ suspendedAt: null, heartbeatAt: new Date() })
    .where(and(eq(backupRestores.status, 'running'), isNotNull(backupRestores.suspendedAt)))
    .returning();
  for (const restore of claimed) {
    if (!start(restore.id)) {
      await suspendRestore(ctx, restore.id);
      continue;
    }
    ctx.log.info({ restoreId: restore.id }, 'restore resumed after a platform stop');
    if (restore.kind !== 'test') {
      await ctx.db
        .update(deployments)
        .set({ events: withEvent(t.restoreResumedEvent), updatedAt: new Date() })
        .where(eq(deployments.id, restore.targetDeploymentId));
    }
  }
  return claimed.length;
}
