import { emitForDeployment } from '../../db/notification-events';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { and, eq } from 'drizzle-orm';
import { BACKUP_PARTS } from '../../engine/backup-parts';
import { backups, type BackupCopy, type BackupKind } from '../../db/schema/backups';
import type { ApplicationSpec } from '../../engine/spec';
import { Aborted, abortable } from '../../lib/deadline';
import { factsOfFile, packArchive, type ArchiveFacts } from './archive';
import {
  applicationSpec,
  backupRoot,
  loadDeployment,
  localPath,
  s3DestinationOf,
  type BackupContext,
} from './context';
import { s3ErrorMessage, s3Location, objectKey, uploadVerified } from './destinations/s3';
import { backupInCluster } from './in-cluster';
import { notifyFailure } from './notify';
import { applyRetention } from './prune';
import { backupFailureTexts } from '@nuage/shared/messages/backups';

export type BackupRow = typeof backups.$inferSelect;

/** Records a backup as running; `executeBackup` does the work (in the background for the API). */
export async function recordBackup(
  ctx: BackupContext,
  opts: { deploymentId: string; projectId: string; kind: BackupKind; requestedBy: string | null },
): Promise<BackupRow> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const [row] = await ctx.db
    .insert(backups)
    .values({
      deploymentId: opts.deploymentId,
      projectId: opts.projectId,
      kind: opts.kind,
      requestedBy: opts.requestedBy,
      fileName: `sauvegarde-${stamp}.tar.gz`,
    })
    .returning();
  return row!;
}

/**
 * Dump + files from the runtime → one archive in BACKUP_DIR (read back) → the project's S3
 * destination (read back). Success only when every copy verified; otherwise the backup is
 * failed, whatever copies exist are kept, and the project's admins get a mail. When `signal`
 * aborts (a platform stop) it stops waiting at once: the backup is recorded as interrupted
 * (no mail: nothing is wrong with the application), and another one can be asked for.
 */
export async function executeBackup(
  ctx: BackupContext,
  backupId: string,
  signal?: AbortSignal,
): Promise<BackupRow> {
  const [backup] = await ctx.db.select().from(backups).where(eq(backups.id, backupId));
  // Only a deleted database's final backup has no application, and it ran before.
  if (!backup?.deploymentId) throw new Error(`backup ${backupId} not found`);
  const deploymentId = backup.deploymentId;
  const deployment = await loadDeployment(ctx, deploymentId);
  const copies: BackupCopy[] = [];
  let facts: { sizeBytes: number; sha256: string } | null = null;
  let error: string | null;

  await mkdir(backupRoot(ctx), { recursive: true });
  const staging = await mkdtemp(join(backupRoot(ctx), '.staging-'));
  try {
    if (!deployment) throw new Error(backupFailureTexts.applicationGone);
    const steps = async () => {
      const spec = await applicationSpec(ctx, deployment);
      // Made and uploaded by the runtime itself (Kubernetes), read back here.
      if (ctx.engine.driver.backupToStorage) {
        return {
          facts: await backupInCluster(ctx, { ...backup, deploymentId }, spec, copies),
          error: null,
        };
      }
      return backupOnPlatform(ctx, backup, spec, staging, copies);
    };
    ({ facts, error } = await abortable(steps(), signal));
  } catch (err) {
    if (err instanceof Aborted) return recordInterrupted(ctx, backupId);
    error = (err as Error).message || String(err);
    ctx.log.warn({ err, backupId }, 'backup failed');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  const [saved] = await ctx.db
    .update(backups)
    .set({
      status: error ? 'failed' : 'success',
      sizeBytes: facts?.sizeBytes ?? null,
      sha256: facts?.sha256 ?? null,
      copies,
      error,
      completedAt: new Date(),
    })
    .where(eq(backups.id, backupId))
    .returning();

  if (error) {
    await notifyFailure(ctx, {
      projectId: backup.projectId,
      deploymentId,
      applicationName: deployment?.nom ?? '',
      what: 'sauvegarde',
      reason: error,
      localCopyKept: copies.some((c) => c.kind === 'local' && c.status === 'success'),
    });
  } else {
    await emitForDeployment(ctx.db, ctx.log, deploymentId, { type: 'backup.succeeded' });
    await applyRetention(ctx, deploymentId).catch((err: unknown) =>
      ctx.log.error({ err, deploymentId }, 'backup retention failed'),
    );
  }
  return saved!;
}

async function recordInterrupted(ctx: BackupContext, backupId: string): Promise<BackupRow> {
  const [saved] = await ctx.db
    .update(backups)
    .set({ status: 'failed', error: backupTexts.backupInterrupted, completedAt: new Date() })
    .where(and(eq(backups.id, backupId), eq(backups.status, 'running')))
    .returning();
  ctx.log.info({ backupId }, 'backup interrupted by a platform stop');
  return saved ?? (await ctx.db.select().from(backups).where(eq(backups.id, backupId)))[0]!;
}

/**
 * The runtime writes the parts into `staging`; they are packed into BACKUP_DIR (read back),
 * then uploaded to the project's S3 destination (read back). A failed upload keeps the local
 * copy and is the backup's error.
 */
async function backupOnPlatform(
  ctx: BackupContext,
  backup: BackupRow,
  spec: ApplicationSpec,
  staging: string,
  copies: BackupCopy[],
): Promise<{ facts: ArchiveFacts; error: string | null }> {
  let error: string | null = null;
  const manifest = await ctx.engine.driver.backup(spec, staging);
  await writeFile(join(staging, BACKUP_PARTS.manifest), JSON.stringify(manifest, null, 2));

  const target = localPath(ctx, backup);
  await mkdir(dirname(target), { recursive: true });
  const facts = await packArchive(staging, `${target}.part`);
  await rename(`${target}.part`, target);
  const reread = await factsOfFile(target);
  if (reread.sha256 !== facts.sha256 || reread.sizeBytes !== facts.sizeBytes) {
    throw new Error(backupFailureTexts.localCopyMismatch);
  }
  copies.push({ kind: 'local', location: target, status: 'success', error: null });

  const s3 = await s3DestinationOf(ctx, backup.projectId);
  if (s3) {
    try {
      const location = await uploadVerified(s3, target, backup.fileName, facts);
      copies.push({ kind: 's3', location, status: 'success', error: null });
    } catch (err) {
      const reason = s3ErrorMessage(err);
      copies.push({
        kind: 's3',
        location: s3Location(s3, objectKey(s3, backup.fileName)),
        status: 'failed',
        error: reason,
      });
      error = backupFailureTexts.s3UploadFailed(reason);
    }
  }
  return { facts, error };
}
