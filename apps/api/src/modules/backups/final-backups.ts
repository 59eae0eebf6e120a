import { rm } from 'node:fs/promises';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { finalBackupTexts as t } from '@nuage/shared/messages/final-backups';
import type { RestoreFinalBackupInput } from '@nuage/shared/schemas/final-backups';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import type { FinalBackup } from '@nuage/shared/schemas/responses/final-backups';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import {
  backupRestores,
  backups,
  type RestoreRow,
  type RetainedSource,
} from '../../db/schema/backups';
import type { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import type { AuthUser } from '../../http/credential-records';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';
import { localPath, s3DestinationOf } from './context';
import { createDatabaseRestoreTarget } from './database-backups';
import { removeObject } from './destinations/s3';
import { presentCopies } from './presenter';
import { recordRestore } from './restore';

type BackupRow = typeof backups.$inferSelect;
type DeploymentRow = typeof deployments.$inferSelect;

/**
 * In the database's deletion (its transaction): the final backup leaves the database's list for
 * the project's, described by what a new database needs to receive it. The database's row (and
 * every other backup of it) goes once the engine removed it; this one stays.
 */
export async function keepAsFinalBackup(
  tx: Executor,
  backupId: string,
  database: DeploymentRow,
): Promise<void> {
  const [env] = await tx
    .select({ nom: environments.nom })
    .from(environments)
    .where(eq(environments.id, database.environmentId));
  const retainedSource: RetainedSource = {
    deploymentId: database.id,
    nom: database.nom,
    engine: database.template,
    version: database.imageTag,
    cpuMilli: database.cpuMilli,
    ramMb: database.ramMb,
    storageMb: database.storageMb,
    environmentId: database.environmentId,
    environmentNom: env?.nom ?? '',
    deletedAt: new Date().toISOString(),
  };
  await tx
    .update(backups)
    .set({ deploymentId: null, retainedSource })
    .where(and(eq(backups.id, backupId), eq(backups.deploymentId, database.id)));
}

/**
 * The final backups of deleted databases (issue 25): the deletion detaches the backup from its
 * database (databases/service.ts) and describes it (`retained_source`), so it outlives it in the
 * project. Members see them, developers restore one into a new database, administrators delete
 * one for good (its copies first). They count in the project's storage while they are kept.
 */
export async function listFinalBackups(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<FinalBackup[]> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(backups)
    .where(and(eq(backups.projectId, input.projectId), isNull(backups.deploymentId)))
    .orderBy(desc(backups.startedAt));
  return rows.flatMap((r) => (r.retainedSource ? [presentFinalBackup(r)] : []));
}

export async function restoreFinalBackup(
  ctx: AppContext,
  input: { projectId: string; backupId: string; user: AuthUser; data: RestoreFinalBackupInput },
): Promise<{ restore: RestoreRow; database: DatabaseResource }> {
  await authorizeProject(ctx.db, {
    projectId: input.projectId,
    userId: input.user.id,
    need: 'developer',
  });
  const backup = await findFinalBackup(ctx, input);
  const source = backup.retainedSource!;
  // Created through the ordinary path: the target environment's role, the quota, the name.
  const database = await createDatabaseRestoreTarget(ctx, {
    source: {
      template: source.engine,
      imageTag: source.version,
      cpuMilli: source.cpuMilli,
      ramMb: source.ramMb,
      storageMb: source.storageMb,
    },
    user: input.user,
    environmentId: input.data.environment_id,
    nom: input.data.nom,
  });
  const restore = await recordRestore(ctx, {
    backupId: backup.id,
    targetDeploymentId: database.id,
    kind: 'new',
    requestedBy: input.user.id,
  });
  return { restore, database };
}

/** Its copies first (local file, S3 object), then the row: a failure leaves it listed, retryable. */
export async function deleteFinalBackup(
  ctx: AppContext,
  input: { projectId: string; backupId: string; userId: string },
): Promise<void> {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const backup = await findFinalBackup(ctx, input);
  const [running] = await ctx.db
    .select({ id: backupRestores.id })
    .from(backupRestores)
    .where(and(eq(backupRestores.backupId, backup.id), eq(backupRestores.status, 'running')));
  if (running) throw conflict(t.restoreRunning);
  try {
    await rm(localPath(ctx, backup), { force: true });
    if (backup.copies.some((c) => c.kind === 's3' && c.status === 'success')) {
      const s3 = await s3DestinationOf(ctx, backup.projectId);
      if (s3) await removeObject(s3, backup.fileName);
    }
  } catch (err) {
    ctx.log.warn({ err, backupId: backup.id }, 'final backup not deleted');
    throw conflict(t.removeFailed((err as Error).message || String(err)));
  }
  await ctx.db.delete(backups).where(eq(backups.id, backup.id));
  ctx.log.info({ backupId: backup.id }, 'final backup deleted');
}

async function findFinalBackup(
  ctx: AppContext,
  input: { projectId: string; backupId: string },
): Promise<BackupRow> {
  if (!isUuid(input.backupId)) throw notFound(t.notFound);
  const [row] = await ctx.db
    .select()
    .from(backups)
    .where(
      and(
        eq(backups.id, input.backupId),
        eq(backups.projectId, input.projectId),
        isNull(backups.deploymentId),
      ),
    );
  if (!row?.retainedSource || row.status !== 'success') throw notFound(t.notFound);
  return row;
}

function presentFinalBackup(row: BackupRow): FinalBackup {
  const s = row.retainedSource!;
  return {
    id: row.id,
    nom: s.nom,
    moteur: s.engine as DatabaseServiceEngine,
    version: s.version,
    cpu: s.cpuMilli / 1000,
    ram: s.ramMb / 1000,
    stockage: s.storageMb / 1000,
    environnement_id: s.environmentId,
    environnement_nom: s.environmentNom,
    taille_octets: row.sizeBytes,
    sha256: row.sha256,
    copies: presentCopies(row.copies),
    date_sauvegarde: (row.completedAt ?? row.startedAt).toISOString(),
    date_suppression: s.deletedAt,
  };
}
