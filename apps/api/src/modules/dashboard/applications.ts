import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { fromMilli } from '@nuage/shared/quantities';
import { readyReplicas } from '@nuage/shared/status-display';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { isPreviewApplication } from '../previews/preview-flag';
import { createdAtMs, withCreatedAt } from './created-at-ms';
import { reservesResources } from '../../db/reservation-sql';
import type { deployments } from '../../db/schema/deployments';

/**
 * What the dashboard reads of each application: what its list shows and what the costs, the
 * month and the usage count, not the whole row (settings, compose file, events…).
 */
export type DashboardApplicationRow = Pick<
  typeof deployments.$inferSelect,
  | 'id'
  | 'nom'
  | 'template'
  | 'imageRegistryUrl'
  | 'imageTag'
  | 'status'
  | 'replicas'
  | 'cpuMilli'
  | 'ramMb'
  | 'storageMb'
  | 'pods'
  | 'environmentId'
  | 'projectId'
  | 'createdAt'
> & { isPreview: boolean };

/**
 * The applications of these projects that reserve resources (db/reservation-sql.ts), oldest
 * first. Written in SQL, prepared once, and read as the driver decodes it, not through the query
 * builder: for 400 applications its per-column mapping of the rows was a quarter of the
 * dashboard's CPU (profile, issue 32). (Tried: every application as one JSON value, json_agg,
 * for the driver to decode one field instead of 15 a row: the platform's CPU did not change and
 * the database's grew by half.)
 */
const applicationsOfProjects = preparedSql<
  Omit<DashboardApplicationRow, 'createdAt'> & { createdAtMs: number },
  { projectIds: string[] }
>(
  'dashboard_applications',
  () => sql`
    SELECT deployments.id, deployments.nom, deployments.template,
      deployments.image_registry_url AS "imageRegistryUrl", deployments.image_tag AS "imageTag",
      deployments.status, deployments.replicas, deployments.cpu_milli AS "cpuMilli",
      deployments.ram_mb AS "ramMb", deployments.storage_mb AS "storageMb", deployments.pods,
      deployments.environment_id AS "environmentId", deployments.project_id AS "projectId",
      ${createdAtMs} AS "createdAtMs",
      ${isPreviewApplication} AS "isPreview"
    FROM deployments
    WHERE deployments.project_id = ANY(${sql.placeholder('projectIds')}::uuid[])
      AND ${reservesResources()}
    ORDER BY deployments.created_at`,
);

export async function dashboardApplicationRows(
  db: Database,
  projectIds: string[],
): Promise<DashboardApplicationRow[]> {
  if (projectIds.length === 0) return [];
  const rows = await applicationsOfProjects(db, { projectIds });
  return withCreatedAt(rows);
}

/** One application as the dashboard lists it. */
export function presentDashboardApplication(row: DashboardApplicationRow): DashboardApplication {
  return {
    id: row.id,
    nom: row.nom,
    template: row.template,
    image_url: `${row.imageRegistryUrl}:${row.imageTag}`,
    statut_deploiement: row.status,
    replicas: row.replicas,
    cpu_requis: fromMilli(row.cpuMilli),
    ram_requise: fromMilli(row.ramMb),
    replicas_pretes: readyReplicas(row.pods),
  };
}
