import type { Restauration, Sauvegarde } from '@nuage/shared/backup-types';
import type { backupRestores, backups } from '../../db/schema/backups';
import { backupServerTexts } from '@nuage/shared/messages/backups';

/** Explicit fields: the copies' locations are shown, never a key of the S3 destination. */
export function presentBackup(row: typeof backups.$inferSelect): Sauvegarde {
  return {
    id: row.id,
    application_id: row.deploymentId,
    type: row.kind,
    statut: row.status,
    taille_octets: row.sizeBytes,
    sha256: row.sha256,
    copies: row.copies.map((c) => ({
      type: c.kind,
      emplacement: c.kind === 'local' ? backupServerTexts.localCopyPlace : c.location,
      statut: c.status,
      erreur: c.error,
    })),
    erreur: row.error,
    date_debut: row.startedAt.toISOString(),
    date_fin: row.completedAt?.toISOString() ?? null,
  };
}

export function presentRestore(row: typeof backupRestores.$inferSelect): Restauration {
  return {
    id: row.id,
    sauvegarde_id: row.backupId,
    application_cible_id: row.targetDeploymentId,
    type: row.kind,
    statut: row.status,
    nombre_tables: row.tablesCount,
    erreur: row.error,
    date_debut: row.startedAt.toISOString(),
    date_fin: row.completedAt?.toISOString() ?? null,
  };
}
