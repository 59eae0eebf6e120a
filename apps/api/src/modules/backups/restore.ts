import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { backupRestores, backups, type RestoreKind } from '../../db/schema/backups';
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
import { notifyFailure } from './notify';

export type RestoreRow = typeof backupRestores.$inferSelect;

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
 * application, or a test restore into a throwaway database.
 */
export async function executeRestore(ctx: BackupContext, restoreId: string): Promise<RestoreRow> {
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
  try {
    if (!backup || backup.status !== 'success' || !backup.sha256) {
      throw new Error("Cette sauvegarde n'est pas utilisable (elle a échoué ou n'existe plus).");
    }
    if (!target) throw new Error("L'application cible n'existe plus.");
    const archive = await fetchArchive(ctx, backup, staging);
    const facts = await factsOfFile(archive);
    if (facts.sha256 !== backup.sha256) {
      throw new Error('La somme de contrôle de la sauvegarde ne correspond plus : fichier altéré.');
    }
    const parts = join(staging, 'parts');
    await mkdir(parts);
    await unpackArchive(archive, parts);
    const spec = await applicationSpec(ctx, target);
    if (restore.kind === 'test') {
      tablesCount = (await ctx.engine.driver.testRestore(spec, parts)).tablesCount;
      if (tablesCount <= 0) throw new Error('La base restaurée ne contient aucune table.');
    } else {
      await ctx.engine.driver.restore(spec, parts);
    }
  } catch (err) {
    error = (err as Error).message || String(err);
    ctx.log.warn({ err, restoreId }, 'restore failed');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  const [saved] = await ctx.db
    .update(backupRestores)
    .set({ status: error ? 'failed' : 'success', error, tablesCount, completedAt: new Date() })
    .where(eq(backupRestores.id, restoreId))
    .returning();
  if (error && target) {
    await notifyFailure(ctx, {
      projectId: target.projectId,
      deploymentId: target.id,
      applicationName: target.nom,
      what: restore.kind === 'test' ? 'restauration de test' : 'restauration',
      reason: error,
    });
  }
  return saved!;
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
    throw new Error(
      'Le fichier de la sauvegarde est introuvable (copie locale absente, pas de copie S3).',
    );
  }
  const downloaded = join(staging, backup.fileName);
  await download(s3, backup.fileName, downloaded);
  return downloaded;
}
