import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { environments } from '../../db/schema/environments';
import { projectMembers, projects } from '../../db/schema/projects';
import { groupBy } from '../../lib/group-by';
import { totalReservation } from '../../lib/reservation';
import { dashboardApplicationRows, presentDashboardApplication } from './applications';
import { presentEnvironmentStatus } from '../environments/presenter';
import { backupFailures } from './backup-failures';
import { backupBytesByProject, summarizeUsage } from '../pricing/usage';
import { presentProject } from '../projects/presenter';
import { recordAndCompare } from './cost-trend';
import { monthOfAccount } from '../billing/bill';
import { liveMembershipsOf } from '../projects/policy';

const ACTIVE = new Set(['RUNNING', 'DEPLOYED', 'HEALTHY']);

/**
 * Everything the dashboard and status pages show, in the same few queries whatever the number
 * of applications (SPEC §7's per-level loading would cost one request per project, environment and
 * application).
 */
export async function dashboard(
  ctx: AppContext,
  input: { userId: string },
): Promise<DashboardResponse> {
  const memberships = await ctx.db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(liveMembershipsOf(input.userId))
    .orderBy(asc(projects.createdAt));
  const ids = memberships.map((m) => m.project.id);
  const [envRows, appRows, backupBytes] = await Promise.all([
    ids.length
      ? ctx.db
          .select()
          .from(environments)
          .where(and(inArray(environments.projectId, ids), ne(environments.status, 'deleting')))
          .orderBy(asc(environments.createdAt))
      : [],
    dashboardApplicationRows(ctx.db, ids),
    backupBytesByProject(ctx.db, ids),
  ]);

  const costs = summarizeUsage(
    memberships.map((m) => ({ id: m.project.id, nom: m.project.nom })),
    appRows,
    backupBytes,
  );
  // The account's month, the billing card's figures (from the rows above when they cover the
  // projects it owns); the trend compares months by it.
  const month = await monthOfAccount(ctx, input.userId, {
    projectIds: new Set(ids),
    apps: appRows,
    backupBytes,
  });
  const trend = await recordAndCompare(ctx.db, input.userId, month.projected_xof);

  const envsByProject = groupBy(envRows, (e) => e.projectId);
  const appsByProject = groupBy(appRows, (a) => a.projectId);
  const appsByEnvironment = groupBy(appRows, (a) => a.environmentId);
  const projectViews = memberships.map(({ project, role }) => {
    const envs = envsByProject.get(project.id) ?? [];
    const apps = appsByProject.get(project.id) ?? [];
    const usage = totalReservation(apps);
    return {
      ...presentProject(project, {
        role,
        usage,
        environmentsCount: envs.length,
        applicationsCount: apps.length,
      }),
      environments: envs.map((env) => ({
        id: env.id,
        nom: env.nom,
        type: env.type,
        namespace_k8s_id: env.namespace,
        status: presentEnvironmentStatus(env),
        applications: (appsByEnvironment.get(env.id) ?? []).map(presentDashboardApplication),
      })),
    };
  });

  return {
    runtime: { name: ctx.engine.runtime, simulation: ctx.engine.runtime === 'simulation' },
    generated_at: new Date().toISOString(),
    totals: {
      projects: memberships.length,
      environments: envRows.length,
      applications: appRows.length,
      active_applications: appRows.filter((a) => ACTIVE.has(a.status)).length,
    },
    projects: projectViews,
    costs: { ...costs, trend, month },
    sauvegardes_en_echec: await backupFailures(
      ctx.db,
      memberships.map((m) => m.project.id),
    ),
  };
}
