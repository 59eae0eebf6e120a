import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { fromMilli } from '@nuage/shared/quantities';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { deployments } from '../../db/schema/deployments';
import { presentPodStatuses } from '../deployments/presenter';

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
 * The applications of these projects that reserve resources (db/reservation-sql.ts: not being
 * deleted), oldest first. Written in SQL and read as the driver decodes it, not through the
 * query builder: for 400 applications its per-column mapping of the rows was a quarter of the
 * dashboard's CPU (profile, issue 32); the same rule and names as the schema's.
 */
export async function dashboardApplicationRows(
  db: Executor,
  projectIds: string[],
): Promise<DashboardApplicationRow[]> {
  if (projectIds.length === 0) return [];
  const { rows } = (await db.execute(sql`
    SELECT d.id, d.nom, d.template, d.image_registry_url AS "imageRegistryUrl",
      d.image_tag AS "imageTag", d.status, d.replicas, d.cpu_milli AS "cpuMilli",
      d.ram_mb AS "ramMb", d.storage_mb AS "storageMb", d.pods,
      d.environment_id AS "environmentId", d.project_id AS "projectId",
      (extract(epoch FROM d.created_at) * 1000)::float8 AS "createdAtMs",
      EXISTS (SELECT 1 FROM previews p WHERE p.deployment_id = d.id) AS "isPreview"
    FROM deployments d
    WHERE d.project_id = ANY(${sql.param(projectIds)}::uuid[]) AND d.desired_state = 'present'
    ORDER BY d.created_at`)) as unknown as {
    rows: (DashboardApplicationRow & { createdAtMs: number })[];
  };
  // Timestamps come from the driver as text here (drizzle's client leaves their parsing to its
  // columns): the epoch milliseconds make the Date without parsing a string.
  for (const row of rows) row.createdAt = new Date(row.createdAtMs);
  return rows;
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
    pods_status: presentPodStatuses(row.pods),
  };
}
