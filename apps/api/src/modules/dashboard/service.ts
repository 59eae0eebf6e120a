import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { isActiveStatus } from '@nuage/shared/status-display';
import type { AppContext } from '../../app-context';
import { groupBy } from '../../lib/group-by';
import { totalReservation } from '../../lib/reservation';
import { presentEnvironmentStatus } from '../environments/presenter';
import { backupBytesByProject } from '../pricing/usage';
import { presentProject } from '../projects/presenter';
import { accountFigures } from './account-figures';
import { dashboardApplicationRows, presentDashboardApplication } from './applications';
import { dashboardEnvironments, dashboardMemberships } from './prepared-reads';

/**
 * GET /dashboard: every project the user sees with its environments and their applications (the
 * status page's tree), the counts and the costs, in the same few queries whatever the number of
 * applications (SPEC §7's per-level loading would cost one request per project, environment and
 * application). The dashboard page reads summary.ts's figures alone.
 */
export async function dashboard(
  ctx: AppContext,
  input: { userId: string },
): Promise<DashboardResponse> {
  const memberships = await dashboardMemberships(ctx.db, input.userId);
  const ids = memberships.map((m) => m.project.id);
  const [envRows, appRows, backupBytes] = await Promise.all([
    dashboardEnvironments(ctx.db, ids),
    dashboardApplicationRows(ctx.db, ids),
    backupBytesByProject(ctx.db, ids),
  ]);

  const figures = await accountFigures(ctx, {
    userId: input.userId,
    projects: memberships.map((m) => ({ id: m.project.id, nom: m.project.nom })),
    apps: appRows,
    backupBytes,
  });

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
      active_applications: appRows.filter((a) => isActiveStatus(a.status)).length,
    },
    projects: projectViews,
    ...figures,
  };
}
