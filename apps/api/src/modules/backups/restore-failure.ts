import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { backupRestores, backups, type RestoreRow } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { withEvent } from '../../db/deployment-events';
import { backupRoot, loadDeployment, type BackupContext } from './context';
import { notifyFailure } from './notify';

/** How often a running restore says it is alive, and how long a silent one is believed dead. */
export const RESTORE_HEARTBEAT_MS = 10_000;
export const RESTORE_STALE_MS = 60_000;

const backupDateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
/** Events are plain sentences: the backup's date is written in UTC, and says so. */
export const backupDateLabel = (d: Date) => `${backupDateFormat.format(d)} (UTC)`;

/**
 * Keeps `heartbeat_at` of a running restore fresh while this process runs it; the returned
 * function stops it. A restore whose heartbeat stops belongs to a process that died.
 */
export function keepRestoreAlive(ctx: BackupContext, restoreId: string): () => void {
  const timer = setInterval(() => {
    ctx.db
      .update(backupRestores)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(backupRestores.id, restoreId), eq(backupRestores.status, 'running')))
      .catch((err: unknown) => ctx.log.warn({ err, restoreId }, 'restore heartbeat failed'));
  }, RESTORE_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Says a failed restore where users look: an event in the target application's history (which
 * backup, why; not for a test restore, which touches no application) and the mail to the
 * project's admins, whose dashboard lists it too.
 */
export async function announceRestoreFailure(
  ctx: BackupContext,
  restore: Pick<RestoreRow, 'id' | 'backupId' | 'targetDeploymentId' | 'kind' | 'error'>,
): Promise<void> {
  const target = await loadDeployment(ctx, restore.targetDeploymentId);
  if (!target) return;
  const reason = restore.error ?? 'raison inconnue';
  if (restore.kind !== 'test') {
    const [backup] = await ctx.db
      .select({ startedAt: backups.startedAt })
      .from(backups)
      .where(eq(backups.id, restore.backupId));
    const date = backup ? backupDateLabel(backup.startedAt) : 'date inconnue';
    await ctx.db
      .update(deployments)
      .set({ events: withEvent(t.restoreFailedEvent(date, reason)), updatedAt: new Date() })
      .where(eq(deployments.id, target.id));
  }
  await notifyFailure(ctx, {
    projectId: target.projectId,
    deploymentId: target.id,
    applicationName: target.nom,
    what: restore.kind === 'test' ? 'restauration de test' : 'restauration',
    reason,
  });
}

/**
 * Restores whose process died mid-way (killed, crashed, restarted): their heartbeat went
 * silent. Each is marked failed once (the conditional update is the claim, so two processes
 * never announce the same one) and announced; the application can then be restored again.
 */
export async function failInterruptedRestores(
  ctx: BackupContext,
  staleMs = RESTORE_STALE_MS,
): Promise<number> {
  const failed = await ctx.db
    .update(backupRestores)
    .set({ status: 'failed', error: t.restoreInterrupted, completedAt: new Date() })
    .where(
      and(
        eq(backupRestores.status, 'running'),
        // One a stop handed over is not dead: the next start takes it up (restore-resume.ts).
        isNull(backupRestores.suspendedAt),
        lt(backupRestores.heartbeatAt, new Date(Date.now() - staleMs)),
      ),
    )
    .returning();
  for (const restore of failed) {
    ctx.log.warn({ restoreId: restore.id }, 'restore interrupted by a stopped process');
    await announceRestoreFailure(ctx, restore);
  }
  return failed.length;
}

/** A restore's staging directory this old belongs to no running restore (they last minutes). */
const STAGING_KEPT_MS = 24 * 3600_000;

/**
 * What a restore killed mid-way left on this host: its staging directory (a downloaded archive,
 * unpacked parts: as big as the backup). Removed at start-up once surely abandoned.
 */
export async function removeAbandonedStaging(ctx: BackupContext, now = Date.now()): Promise<void> {
  const root = backupRoot(ctx);
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('.restore-'))) {
    const path = join(root, name);
    try {
      if (now - (await stat(path)).mtimeMs > STAGING_KEPT_MS) {
        await rm(path, { recursive: true, force: true });
      }
    } catch (err) {
      ctx.log.warn({ err, path }, 'abandoned restore staging not removed');
    }
  }
}
