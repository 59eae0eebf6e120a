import { previewEventTexts } from '@nuage/shared/messages/previews';
import { deployLimits } from '@nuage/shared/schemas/deployments';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import { backupRestores, backups } from '../../db/schema/backups';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { RESTORE_PENDING } from '../../engine/backup-parts';
import { insertDatabase } from '../databases/service';
import type { PreviewSettingsRow } from './settings-store';

/**
 * The preview's own databases: for each database the source application is linked to, one of
 * the same engine and version in the preview's environment (the size of a preview), linked to
 * the preview's application under the same variable; empty, or restored from the latest
 * successful backup of the source's. Never restored for a fork's request not approved: a
 * stranger's code must not read the application's data (it gets an empty one). A preview never
 * reaches the source environment's data (its network is its own). Each counts in the project's
 * quota; a refusal refuses the preview (open-preview.ts).
 */
export async function copyLinkedDatabases(
  ctx: AppContext,
  input: {
    sourceId: string;
    createdBy: string | null;
    env: { id: string; projectId: string };
    applicationId: string;
    settings: PreviewSettingsRow;
    /** False for a fork's request not approved. */
    trusted: boolean;
  },
): Promise<void> {
  const mode = input.settings.databases;
  if (mode === 'aucune') return;
  const linked = await ctx.db
    .select({ variable: databaseLinks.variable, database: deployments })
    .from(databaseLinks)
    .innerJoin(deployments, eq(deployments.id, databaseLinks.databaseId))
    .where(
      and(eq(databaseLinks.applicationId, input.sourceId), eq(deployments.desiredState, 'present')),
    );
  for (const { variable, database } of linked) {
    const restore = mode === 'sauvegarde' && input.trusted;
    const backupId = restore ? await latestBackupId(ctx, database.id) : null;
    const copy = await insertDatabase(ctx, {
      env: input.env,
      data: {
        nom: database.nom,
        moteur: database.template as DatabaseServiceEngine,
        version: database.imageTag,
        cpu: input.settings.cpuMilli / 1000,
        ram: input.settings.ramMb / 1000,
        // Room for the restored data when there is some.
        storage: backupId ? Math.ceil(database.storageMb / 1000) : deployLimits.storage.min,
      },
      createdBy: input.createdBy,
      // Held until the restore loaded the data (backups/new-application.ts).
      ...(backupId ? { extraSettings: { [RESTORE_PENDING]: true } } : {}),
    });
    await ctx.db
      .insert(databaseLinks)
      .values({ databaseId: copy.id, applicationId: input.applicationId, variable });
    if (mode !== 'sauvegarde') continue;
    if (backupId) await handOverRestore(ctx, backupId, copy.id);
    await noteEvent(
      ctx.db,
      input.applicationId,
      !input.trusted
        ? previewEventTexts.forkEmptyDatabase(database.nom)
        : backupId
          ? previewEventTexts.restoring(database.nom)
          : previewEventTexts.noBackup(database.nom),
    );
  }
}

async function latestBackupId(ctx: AppContext, databaseId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.deploymentId, databaseId), eq(backups.status, 'success')))
    .orderBy(desc(backups.startedAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The restore, handed to the backup worker as a stopped platform hands one over (suspended):
 * its next pass, within a minute, runs it (backups/restore-resume.ts); the copy's replicas wait.
 */
async function handOverRestore(ctx: AppContext, backupId: string, targetId: string) {
  await ctx.db.insert(backupRestores).values({
    backupId,
    targetDeploymentId: targetId,
    kind: 'new',
    requestedBy: null,
    suspendedAt: new Date(),
  });
}
