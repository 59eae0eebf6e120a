import type { DashboardSummaryResponse } from '@nuage/shared/dashboard-types';
import { dashboardUsage } from '@nuage/shared/dashboard-usage';
import { fromMilli } from '@nuage/shared/quantities';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { isPreviewApplication } from '../previews/preview-flag';
import { createdAtMs, withCreatedAt } from './created-at-ms';
import { reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { backups } from '../../db/schema/backups';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { keptOnPlatform } from '../pricing/usage';
import { seenProjectIds, seenProjectValues } from '../projects/policy';
import { accountFigures } from './account-figures';
import { liveEnvironment } from '../../db/environment-sql';

/**
 * What the summary reads of each application: what its costs, its month, the usage bars and
 * the counts need, and nothing the page does not draw (no name, image or pods).
 */
interface SummaryApplicationRow {
  projectId: string;
  status: string;
  replicas: number;
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
  createdAt: Date;
  isPreview: boolean;
}

/** A project as the summary reads it: its quotas, its environments and its kept backups. */
interface SummaryProjectRow {
  id: string;
  nom: string;
  quotaCpuMilli: number;
  quotaRamMb: number;
  quotaStorageMb: number;
  environmentCount: number;
  backupBytes: string;
}

/**
 * Two statements for the whole summary's rows, run side by side (issue 32: each statement is a
 * round trip that wakes a database process; the tree's read takes four): the projects with their
 * counts and backup bytes, and the applications' figures. Each in two shapes, with or without an
 * API token limited to one project, as GET /projects/'s page.
 */
function summaryReads(oneProject: boolean) {
  const suffix = oneProject ? '_one_project' : '';
  const projectRows = preparedSql<SummaryProjectRow, Record<string, string>>(
    `dashboard_summary_projects${suffix}`,
    () => sql`
      SELECT ${projects.id} AS "id", ${projects.nom} AS "nom",
        ${projects.quotaCpuMilli} AS "quotaCpuMilli", ${projects.quotaRamMb} AS "quotaRamMb",
        ${projects.quotaStorageMb} AS "quotaStorageMb",
        (SELECT count(*)::int FROM ${environments}
          WHERE ${environments.projectId} = ${projects.id} AND ${liveEnvironment()}) AS "environmentCount",
        coalesce(kept.bytes, 0) AS "backupBytes"
      FROM ${projects}
      -- One pass over the kept backups, grouped (not one per project).
      LEFT JOIN (
        SELECT ${backups.projectId} AS project_id, sum(${backups.sizeBytes}) AS bytes FROM ${backups}
        WHERE ${backups.projectId} IN (${seenProjectIds(oneProject)}) AND ${keptOnPlatform()}
        GROUP BY ${backups.projectId}
      ) kept ON kept.project_id = ${projects.id}
      WHERE ${projects.id} IN (${seenProjectIds(oneProject)})
      ORDER BY ${projects.createdAt}`,
  );
  const applicationRows = preparedSql<
    Omit<SummaryApplicationRow, 'createdAt'> & { createdAtMs: number },
    Record<string, string>
  >(
    `dashboard_summary_applications${suffix}`,
    () => sql`
      SELECT ${deployments.projectId} AS "projectId", ${deployments.status} AS "status",
        ${deployments.replicas} AS "replicas", ${deployments.cpuMilli} AS "cpuMilli",
        ${deployments.ramMb} AS "ramMb", ${deployments.storageMb} AS "storageMb",
        ${createdAtMs} AS "createdAtMs",
        ${isPreviewApplication} AS "isPreview"
      FROM ${deployments}
      WHERE ${deployments.projectId} IN (${seenProjectIds(oneProject)})
        AND ${reservesResources()}`,
  );
  return { projectRows, applicationRows };
}
const everyProject = summaryReads(false);
const oneProjectOnly = summaryReads(true);

/** The summary's rows for this user (and the API token's one project, if it is limited). */
async function summaryRows(db: Database, userId: string) {
  const values = seenProjectValues(userId);
  const reads = values.onlyProjectId ? oneProjectOnly : everyProject;
  const [projectRows, appRows] = await Promise.all([
    reads.projectRows(db, values),
    reads.applicationRows(db, values),
  ]);
  return { projectRows, apps: withCreatedAt(appRows) };
}

/**
 * GET /dashboard/summary: the dashboard page's counts, usage bars, costs and failed backups,
 * without the projects' tree (what the status page draws), so a read of 400 applications decodes
 * and sends a few numbers per application, in five statements whatever their number.
 */
export async function dashboardSummary(
  ctx: AppContext,
  input: { userId: string },
): Promise<DashboardSummaryResponse> {
  const { projectRows, apps } = await summaryRows(ctx.db, input.userId);
  const figures = await accountFigures(ctx, {
    userId: input.userId,
    projects: projectRows,
    apps,
    backupBytes: Object.fromEntries(projectRows.map((p) => [p.id, Number(p.backupBytes)])),
  });
  const usage = dashboardUsage(
    projectRows.map((project) => ({
      quota_cpu: fromMilli(project.quotaCpuMilli),
      quota_ram: fromMilli(project.quotaRamMb),
      quota_stockage: fromMilli(project.quotaStorageMb),
    })),
    apps.map((a) => ({
      statut_deploiement: a.status,
      cpu_requis: fromMilli(a.cpuMilli),
      ram_requise: fromMilli(a.ramMb),
      replicas: a.replicas,
    })),
  );
  return {
    runtime: { name: ctx.engine.runtime, simulation: ctx.engine.runtime === 'simulation' },
    generated_at: new Date().toISOString(),
    totals: {
      projects: projectRows.length,
      environments: projectRows.reduce((sum, p) => sum + p.environmentCount, 0),
      applications: apps.length,
      // The bars count the active applications already (the same isActiveStatus).
      active_applications: usage.active_deployments,
    },
    usage,
    ...figures,
  };
}
