import type { ProjectStatistics } from '@nuage/shared/schemas/responses/monitoring';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { fromMilli } from '@nuage/shared/quantities';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { builds } from '../../db/schema/builds';
import { reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { totalReservation } from '../../lib/reservation';
import { authorizeProject } from '../projects/policy';
import { liveEnvironment } from '../../db/environment-sql';

const pct = (used: number, quota: number) =>
  quota > 0 ? Math.min(100, Math.round((used / quota) * 1000) / 10) : 0;

/** Counts, reservations against quotas, builds and cost of one project, from the database. */
export async function projectStatistics(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<ProjectStatistics> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const [[project], [envs], apps, [buildStats]] = await Promise.all([
    ctx.db.select().from(projects).where(eq(projects.id, input.projectId)),
    ctx.db
      .select({ n: count() })
      .from(environments)
      .where(and(eq(environments.projectId, input.projectId), liveEnvironment())),
    ctx.db
      .select()
      .from(deployments)
      .where(and(eq(deployments.projectId, input.projectId), reservesResources())),
    ctx.db
      .select({
        total: count(),
        success: sql<string>`count(*) filter (where ${builds.status} = 'success')`,
        failed: sql<string>`count(*) filter (where ${builds.status} = 'failed')`,
        running: sql<string>`count(*) filter (where ${builds.status} = 'running')`,
      })
      .from(builds)
      .where(eq(builds.projectId, input.projectId)),
  ]);
  const byStatus: Record<string, number> = {};
  for (const a of apps) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const reserved = totalReservation(apps);
  const monthlyBase = apps.reduce(
    (s, a) =>
      s +
      priceResources({
        cpu: fromMilli(a.cpuMilli),
        ram: fromMilli(a.ramMb),
        storage: fromMilli(a.storageMb),
        replicas: a.replicas,
      }).monthly,
    0,
  );
  return {
    project_id: input.projectId,
    environments_count: Number(envs?.n ?? 0),
    applications: {
      total: apps.length,
      active: byStatus.RUNNING ?? 0,
      by_status: byStatus,
    },
    resources: {
      quota: {
        cpu: fromMilli(project!.quotaCpuMilli),
        ram: fromMilli(project!.quotaRamMb),
        stockage: fromMilli(project!.quotaStorageMb),
      },
      reserved: {
        cpu: fromMilli(reserved.cpuMilli),
        ram: fromMilli(reserved.ramMb),
        stockage: fromMilli(reserved.storageMb),
      },
      percent: {
        cpu: pct(reserved.cpuMilli, project!.quotaCpuMilli),
        ram: pct(reserved.ramMb, project!.quotaRamMb),
        stockage: pct(reserved.storageMb, project!.quotaStorageMb),
      },
    },
    builds: {
      total: Number(buildStats?.total ?? 0),
      success: Number(buildStats?.success ?? 0),
      failed: Number(buildStats?.failed ?? 0),
      running: Number(buildStats?.running ?? 0),
    },
    cost: { monthly_xof: toXof(monthlyBase), yearly_xof: toXof(monthlyBase * 12) },
  };
}
