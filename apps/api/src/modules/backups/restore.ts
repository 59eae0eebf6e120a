import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  backupRestores,
  backups,
  type RestoreKind,
  type RestoreRow,
} from '../../db/schema/backups';
import { isDatabaseService } from '../../engine/backup-parts';
import type { ApplicationSpec } from '../../engine/spec';
import { factsOfFile, unpackArchive } from './archive';
import {
  applicationSpec,
  backupRoot,
  loadDeployment,
  localPath,
  s3DestinationOf,
  type BackupContext,
} from './context';
import { download } from './destinations/s3';
import type { DeploymentRow } from '../../engine/specs/spec-for-deployment';
import { Aborted, abortable } from '../../lib/deadline';
import { isOnRestoreHold, releaseRestoreHold, waitUntilRestorable } from './new-application';
import { restoreInCluster } from './in-cluster';
import { announceRestoreFailure, keepRestoreAlive } from './restore-failure';
import { suspendRestore } from './restore-resume';
import { backupFailureTexts } from '@nuage/shared/messages/backups';

export async function recordRestore(
  ctx: BackupContext,
  opts: {
    backupId: string;
    targetDeploymentId: string;
    kind: RestoreKind;
    requestedBy: string | null;
  },
): Promise<RestoreRow> {
  const [row] = await ctx.db.insert(backupRestores).values(opts).returning();
  return row!;
}

/**
 * Fetches the archive (local copy, else the S3 copy), checks its SHA-256 against the one
 * recorded at backup time, unpacks it and hands it to the runtime: a restore into the target
 * application, or a test restore into a throwaway database. When `signal` aborts (a platform
 * stop), it stops waiting at once and hands the restore over to the next start, still running
 * (restore-resume.ts): the work cut half-way is safe to do again from the beginning.
 */
export async function executeRestore(
  ctx: BackupContext,
  restoreId: string,
  signal?: AbortSignal,
): Promise<RestoreRow> {
  const [restore] = await ctx.db
    .select()
    .from(backupRestores)
    .where(eq(backupRestores.id, restoreId));
  if (!restore) throw new Error(`restore ${restoreId} not found`);
  const [backup] = await ctx.db.select().from(backups).where(eq(backups.id, restore.backupId));
  const target = await loadDeployment(ctx, restore.targetDeploymentId);
  let error: string | null = null;
  let tablesCount: number | null = null;

  await mkdir(backupRoot(ctx), { recursive: true });
  const staging = await mkdtemp(join(backupRoot(ctx), '.restore-'));
  const stopBeating = keepRestoreAlive(ctx, restoreId);
  try {
    if (!backup || backup.status !== 'success' || !backup.sha256) {
      throw new Error(backupFailureTexts.unusable);
    }
    if (!target) throw new Error(backupFailureTexts.targetGone);
    const usable = { ...backup, sha256: backup.sha256 };
    tablesCount = await abortable(
      restoreSteps(ctx, { usable, kind: restore.kind, target, staging, signal }),
      signal,
    );
  } catch (err) {
    if (err instanceof Aborted) {
      stopBeating();
      return suspendRestore(ctx, restoreId);
    }
    error = (err as Error).message || String(err);
    ctx.log.warn({ err, restoreId }, 'restore failed');
  } finally {
    stopBeating();
    await rm(staging, { recursive: true, force: true });
  }

  // Written only while still running: a restore the crash recovery already failed (its
  // heartbeat went silent) keeps that outcome, and the hold it left.
  const finished = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(backupRestores)
      .set({ status: error ? 'failed' : 'success', error, tablesCount, completedAt: new Date() })
      .where(and(eq(backupRestores.id, restoreId), eq(backupRestores.status, 'running')))
      .returning();
    // Its replicas start only now, on the restored data.
    const released =
      row && !error && restore.kind !== 'test' && target && isOnRestoreHold(target)
        ? await releaseRestoreHold(tx, target.id)
        : false;
    return { row, released };
  });
  if (finished.released) ctx.engine.wake();
  if (!finished.row) {
    ctx.log.warn({ restoreId }, 'restore ended after it was marked interrupted');
    const [current] = await ctx.db
      .select()
      .from(backupRestores)
      .where(eq(backupRestores.id, restoreId));
    return current!;
  }
  const saved = finished.row;
  if (error) await announceRestoreFailure(ctx, saved);
  return saved;
}

/** The restore itself: answers a test restore's table count. */
async function restoreSteps(
  ctx: BackupContext,
  opts: {
    usable: typeof backups.$inferSelect & { sha256: string };
    kind: RestoreKind;
    target: DeploymentRow;
    staging: string;
    signal: AbortSignal | undefined;
  },
): Promise<number | null> {
  // A new application starts on hold (database only); it must answer before the dump loads.
  const target = isOnRestoreHold(opts.target)
    ? await waitUntilRestorable(ctx, opts.target.id, undefined, opts.signal)
    : opts.target;
  const spec = await applicationSpec(ctx, target);
  if (ctx.engine.driver.restoreFromStorage) {
    // The runtime fetches the verified S3 copy itself (Kubernetes) and checks its SHA-256.
    return restoreInCluster(ctx, opts.usable, spec, opts.kind === 'test' ? 'test' : 'restore');
  }
  return restoreOnPlatform(ctx, opts.usable, opts.kind, spec, opts.staging);
}

/**
 * The archive on this server (local copy, else the S3 copy), its SHA-256 checked against the
 * one recorded at backup time, unpacked for the runtime. Answers a test restore's table count.
 */
async function restoreOnPlatform(
  ctx: BackupContext,
  backup: typeof backups.$inferSelect & { sha256: string },
  kind: RestoreKind,
  spec: ApplicationSpec,
  staging: string,
): Promise<number | null> {
  const archive = await fetchArchive(ctx, backup, staging);
  const facts = await factsOfFile(archive);
  if (facts.sha256 !== backup.sha256) {
    throw new Error(backupFailureTexts.checksumChanged);
  }
  const parts = join(staging, 'parts');
  await mkdir(parts);
  await unpackArchive(archive, parts);
  if (kind === 'test') {
    const { tablesCount } = await ctx.engine.driver.testRestore(spec, parts);
    // A database of an environment may be empty: its dump loaded is the proof.
    if (tablesCount <= 0 && !isDatabaseService(spec)) throw new Error(backupFailureTexts.noTables);
    return tablesCount;
  }
  await ctx.engine.driver.restore(spec, parts);
  return null;
}

async function fetchArchive(
  ctx: BackupContext,
  backup: typeof backups.$inferSelect,
  staging: string,
): Promise<string> {
  const local = localPath(ctx, backup);
  if (
    await access(local).then(
      () => true,
      () => false,
    )
  )
    return local;
  const s3 = await s3DestinationOf(ctx, backup.projectId);
  if (!s3 || !backup.copies.some((c) => c.kind === 's3' && c.status === 'success')) {
    throw new Error(backupFailureTexts.fileMissing);
  }
  const downloaded = join(staging, backup.fileName);
  await download(s3, backup.fileName, downloaded);
  return downloaded;
}
