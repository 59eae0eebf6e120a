import type { BackupCopie, Restauration, Sauvegarde } from '@nuage/shared/backup-types';
import type { BackupCopy, backupRestores, backups } from '../../db/schema/backups';
import { backupServerTexts } from '@nuage/shared/messages/backups';

/** Where a backup's copies are: the S3 object's address, never a key of the destination. */
export function presentCopies(copies: BackupCopy[]): BackupCopie[] {
  return copies.map((c) => ({
    type: c.kind,
    emplacement: c.kind === 'local' ? backupServerTexts.localCopyPlace : c.location,
    statut: c.status,
    erreur: c.error,
  }));
}

/** Explicit fields: the copies' locations are shown, never a key of the S3 destination. */
export function presentBackup(row: typeof backups.$inferSelect): Sauvegarde {
  return {
    id: row.id,
    // A deleted database's final backup keeps its former id (the check constraint holds one).
    application_id: row.deploymentId ?? row.retainedSource!.deploymentId,
    type: row.kind,
    statut: row.status,
    taille_octets: row.sizeBytes,
    sha256: row.sha256,
    copies: presentCopies(row.copies),
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
