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

// Prepared once (db/prepared-sql.ts): planning this union was about half its cost at each
// dashboard read, backups or not (issue 32).
const latestFailures = preparedSql<Row, { projectIds: string[] }>(
  'dashboard_backup_failures',
  () => {
    const ids = sql`ANY(${sql.placeholder('projectIds')}::uuid[])`;
    return sql`
    SELECT * FROM (
      SELECT DISTINCT ON (b.deployment_id) b.deployment_id AS application_id, d.nom AS application_nom,
        p.nom AS projet_nom, 'sauvegarde' AS operation, b.error AS erreur, b.started_at AS date, b.status
      FROM backups b JOIN deployments d ON d.id = b.deployment_id JOIN projects p ON p.id = b.project_id
      WHERE b.project_id = ${ids} AND b.status <> 'running' AND d.desired_state = 'present'
      ORDER BY b.deployment_id, b.started_at DESC) latest_backup
    WHERE status = 'failed'
    UNION ALL
    SELECT * FROM (
      SELECT DISTINCT ON (r.target_deployment_id) r.target_deployment_id, d.nom, p.nom,
        'restauration de test', r.error, r.started_at, r.status
      FROM backup_restores r JOIN deployments d ON d.id = r.target_deployment_id
        JOIN projects p ON p.id = d.project_id
      WHERE d.project_id = ${ids} AND r.kind = 'test' AND r.status <> 'running'
        AND d.desired_state = 'present'
      ORDER BY r.target_deployment_id, r.started_at DESC) latest_test
    WHERE status = 'failed'
    UNION ALL
    SELECT * FROM (
      SELECT DISTINCT ON (r.target_deployment_id) r.target_deployment_id, d.nom, p.nom,
        'restauration', r.error, r.started_at, r.status
      FROM backup_restores r JOIN deployments d ON d.id = r.target_deployment_id
        JOIN projects p ON p.id = d.project_id
      WHERE d.project_id = ${ids} AND r.kind <> 'test' AND d.desired_state = 'present'
        AND d.settings ? ${RESTORE_PENDING}
      ORDER BY r.target_deployment_id, r.started_at DESC) latest_restore
    WHERE status = 'failed'
    ORDER BY date DESC`;
  },
);
