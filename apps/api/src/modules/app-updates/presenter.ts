import { availableUpdate, versionLabels } from '@nuage/shared/application-update';
import { applicationTemplateOf, isSaasTemplateId } from '@nuage/shared/catalog';
import { appUpdateTexts } from '@nuage/shared/messages/app-updates';
import type { ApplicationUpdate, MiseAJour } from '@nuage/shared/schemas/responses/app-updates';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applicationUpdates, type ApplicationUpdateRow } from '../../db/schema/application-updates';
import type { deployments } from '../../db/schema/deployments';

type DeploymentRow = typeof deployments.$inferSelect;

/** Where an update stands, in French, from its status and its two tags. */
function messageOf(row: ApplicationUpdateRow): string {
  const s = appUpdateTexts.status;
  switch (row.status) {
    case 'backing_up':
      return s.backing_up;
    case 'rolling_out':
      return s.rolling_out(row.toTag);
    case 'succeeded':
      return s.succeeded(row.toTag);
    case 'failed':
      return s.failed;
    case 'rolled_back':
      return s.rolled_back(row.fromTag, row.toTag);
  }
}

export function presentUpdate(row: ApplicationUpdateRow): ApplicationUpdate {
  return {
    id: row.id,
    tag_depart: row.fromTag,
    tag_cible: row.toTag,
    statut: row.status,
    message: messageOf(row),
    erreur: row.error,
    sauvegarde_id: row.backupId,
    debut: row.startedAt.toISOString(),
    fin: row.completedAt?.toISOString() ?? null,
  };
}

/** The update the catalogue announces for this application now (null for any other kind). */
export function updateOf(row: DeploymentRow) {
  if (row.category !== 'ERP' || !isSaasTemplateId(row.template)) return null;
  return availableUpdate(applicationTemplateOf[row.template], row);
}

export const isRunning = (row: ApplicationUpdateRow | undefined) =>
  row?.status === 'backing_up' || row?.status === 'rolling_out';

/** `mise_a_jour` of the application's detail: nothing is offered while an update is under way. */
export async function miseAJourOf(db: Executor, row: DeploymentRow): Promise<MiseAJour> {
  const [last] = await db
    .select()
    .from(applicationUpdates)
    .where(eq(applicationUpdates.deploymentId, row.id))
    .orderBy(desc(applicationUpdates.startedAt))
    .limit(1);
  const update = isRunning(last) ? null : updateOf(row);
  const labels = update ? versionLabels(update.from, update.to) : null;
  return {
    disponible:
      update && labels
        ? {
            tag_actuel: update.from,
            tag_nouveau: update.to,
            version_actuelle: labels.from,
            version_nouvelle: labels.to,
            notes: update.notes,
          }
        : null,
    derniere: last ? presentUpdate(last) : null,
  };
}
