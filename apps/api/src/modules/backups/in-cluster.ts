import { stackVolumes } from '../../engine/stack-volumes';
import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BackupCopy } from '../../db/schema/backups';
import type { ApplicationSpec } from '../../engine/spec';
import { dumpEngine, isDatabaseService } from '../../engine/backup-parts';
import { factsOfFile, type ArchiveFacts } from './archive';
import { localPath, s3DestinationOf, type BackupContext } from './context';
import { download, objectKey, presignedUrl, s3ErrorMessage, s3Location } from './destinations/s3';
import { backupFailureTexts } from '@nuage/shared/messages/backups';

/**
 * Backups on runtimes that make the archive themselves and send it straight to the project's
 * S3 storage (Kubernetes Jobs, driver.backupToStorage). The platform hands out a presigned URL
 * for the one object, then reads the object back whole: it becomes the local copy, and counts
 * only when its size and SHA-256 are those the runtime measured when it made the archive.
 */

type BackupRow = { projectId: string; deploymentId: string; fileName: string };

export async function backupInCluster(
  ctx: BackupContext,
  backup: BackupRow,
  spec: ApplicationSpec,
  copies: BackupCopy[],
): Promise<ArchiveFacts> {
  const driver = ctx.engine.driver;
  const s3 = await s3DestinationOf(ctx, backup.projectId);
  if (!s3 || !driver.backupToStorage) throw new Error(t.inClusterNeedsS3);
  const location = s3Location(s3, objectKey(s3, backup.fileName));
  const failedCopy = (error: string) =>
    copies.push({ kind: 's3', location, status: 'failed', error });

  const made = await driver
    .backupToStorage(spec, {
      uploadUrl: await presignedUrl(s3, backup.fileName, 'PUT'),
      manifest: {
        format: 1,
        template: spec.template,
        database: spec.database ? dumpEngine(spec.database) : null,
        ...(isDatabaseService(spec) ? { files: false } : {}),
        // A Compose application's named volumes, each its own part (stack-backup-job.ts).
        ...(spec.stack
          ? {
              files: false,
              volumes: stackVolumes(spec).map((v) => ({ name: v.name, part: v.part })),
            }
          : {}),
        runtime: driver.name,
        createdAt: new Date().toISOString(),
      },
    })
    .catch((err: unknown) => {
      failedCopy((err as Error).message);
      throw err;
    });

  const target = localPath(ctx, backup);
  await mkdir(dirname(target), { recursive: true });
  let facts: ArchiveFacts;
  try {
    await download(s3, backup.fileName, `${target}.part`);
    facts = await factsOfFile(`${target}.part`);
  } catch (err) {
    await rm(`${target}.part`, { force: true });
    const reason = s3ErrorMessage(err);
    failedCopy(reason);
    throw new Error(backupFailureTexts.s3ReadFailed(reason), {
      cause: err,
    });
  }
  if (facts.sha256 !== made.sha256 || facts.sizeBytes !== made.sizeBytes) {
    await rm(`${target}.part`, { force: true });
    failedCopy(t.inClusterMismatch);
    throw new Error(t.inClusterMismatch);
  }
  await rename(`${target}.part`, target);
  copies.push({ kind: 'local', location: target, status: 'success', error: null });
  copies.push({ kind: 's3', location, status: 'success', error: null });
  return facts;
}

/**
 * The restore (or test restore) Job reads the verified S3 copy through a presigned URL and
 * checks its SHA-256. Answers a test restore's table count.
 */
export async function restoreInCluster(
  ctx: BackupContext,
  backup: { projectId: string; fileName: string; sha256: string; copies: BackupCopy[] },
  spec: ApplicationSpec,
  kind: 'restore' | 'test',
): Promise<number | null> {
  const driver = ctx.engine.driver;
  const s3 = await s3DestinationOf(ctx, backup.projectId);
  const verified = backup.copies.some((c) => c.kind === 's3' && c.status === 'success');
  if (!s3 || !verified) throw new Error(t.inClusterRestoreNeedsS3);
  const transfer = {
    downloadUrl: await presignedUrl(s3, backup.fileName, 'GET'),
    sha256: backup.sha256,
  };
  if (kind === 'test') {
    if (!driver.testRestoreFromStorage) throw new Error(t.inClusterRestoreNeedsS3);
    const { tablesCount } = await driver.testRestoreFromStorage(spec, transfer);
    // A database of an environment may be empty: its dump loaded is the proof.
    if (tablesCount <= 0 && !isDatabaseService(spec)) throw new Error(backupFailureTexts.noTables);
    return tablesCount;
  }
  if (!driver.restoreFromStorage) throw new Error(t.inClusterRestoreNeedsS3);
  await driver.restoreFromStorage(spec, transfer);
  return null;
}
