import type { DashboardBackupFailure } from '@nuage/shared/dashboard-types';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { RESTORE_PENDING } from '../../engine/backup-parts';

interface Row {
  application_id: string;
  application_nom: string;
  projet_nom: string;
  operation: DashboardBackupFailure['operation'];
  erreur: string | null;
  date: Date;
}

/**
 * For the dashboard: applications of these projects whose most recent backup failed, or whose
 * most recent test restore failed, or that wait for a restore (held, no replica) whose latest
 * attempt failed. A later success clears the line.
 */
export async function backupFailures(
  db: Database,
  projectIds: string[],
): Promise<DashboardBackupFailure[]> {
  if (projectIds.length === 0) return [];
  const rows = await latestFailures(db, { projectIds });
  return rows.map((r) => ({
    application_id: r.application_id,
    application_nom: r.application_nom,
    projet_nom: r.projet_nom,
    operation: r.operation,
    erreur: r.erreur,
    date: r.date.toISOString(),
  }));
}

/**
 * Prepared once (db/prepared-sql.ts): planning this union was about half its cost at each
 * dashboard read (issue 32). Each branch starts from the failed rows (a partial index each) and
 * keeps those that nothing later replaced, so a read costs the failures, not the whole history
 * of backups and restores (it sorted every backup of every application to find each one's
 * latest).
 */
const latestFailures = preparedSql<Row, { projectIds: string[] }>(
  'dashboard_backup_failures',
  () => {
    const ids = sql`ANY(${sql.placeholder('projectIds')}::uuid[])`;
    return sql`
    SELECT b.deployment_id AS application_id, d.nom AS application_nom, p.nom AS projet_nom,
      'sauvegarde' AS operation, b.error AS erreur, b.started_at AS date
    FROM backups b JOIN deployments d ON d.id = b.deployment_id JOIN projects p ON p.id = b.project_id
    WHERE b.project_id = ${ids} AND b.status = 'failed' AND d.desired_state = 'present'
      AND NOT EXISTS (SELECT 1 FROM backups later WHERE later.deployment_id = b.deployment_id
        AND later.status <> 'running' AND later.started_at > b.started_at)
    UNION ALL
    SELECT r.target_deployment_id, d.nom, p.nom, 'restauration de test', r.error, r.started_at
    FROM backup_restores r JOIN deployments d ON d.id = r.target_deployment_id
      JOIN projects p ON p.id = d.project_id
    WHERE d.project_id = ${ids} AND r.kind = 'test' AND r.status = 'failed'
      AND d.desired_state = 'present'
      AND NOT EXISTS (SELECT 1 FROM backup_restores later
        WHERE later.target_deployment_id = r.target_deployment_id AND later.kind = 'test'
          AND later.status <> 'running' AND later.started_at > r.started_at)
    UNION ALL
    SELECT r.target_deployment_id, d.nom, p.nom, 'restauration', r.error, r.started_at
    FROM backup_restores r JOIN deployments d ON d.id = r.target_deployment_id
      JOIN projects p ON p.id = d.project_id
    WHERE d.project_id = ${ids} AND r.kind <> 'test' AND r.status = 'failed'
      AND d.desired_state = 'present' AND d.settings ? ${RESTORE_PENDING}
      AND NOT EXISTS (SELECT 1 FROM backup_restores later
        WHERE later.target_deployment_id = r.target_deployment_id AND later.kind <> 'test'
          AND later.started_at > r.started_at)
    ORDER BY date DESC`;
  },
);
