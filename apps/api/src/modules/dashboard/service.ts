import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { isPreviewApplication } from '../previews/preview-flag';
import { and, asc, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projectMembers, projects } from '../../db/schema/projects';
import { totalReservation } from '../../lib/reservation';
import { presentApplicationSummary } from '../deployments/presenter';
import { presentEnvironmentStatus } from '../environments/presenter';
import { backupFailures } from './backup-failures';
import { backupBytesByProject, summarizeUsage } from '../pricing/usage';
import { presentProject } from '../projects/presenter';
import { recordAndCompare } from './cost-trend';
import { monthOfAccount } from '../billing/bill';
import { liveMembershipsOf } from '../projects/policy';

const ACTIVE = new Set(['RUNNING', 'DEPLOYED', 'HEALTHY']);

/** Every column but the events: the dashboard does not show them (presentApplicationSummary). */
const { events: _events, ...summaryColumns } = getTableColumns(deployments);

/**
 * Everything the dashboard and status pages show, in three queries whatever the number of
 * applications (SPEC §7's per-level loading would cost one request per project, environment and
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
  const [envRows, appRows] = ids.length
    ? await Promise.all([
        ctx.db
          .select()
          .from(environments)
          .where(and(inArray(environments.projectId, ids), ne(environments.status, 'deleting')))
          .orderBy(asc(environments.createdAt)),
        ctx.db
          .select({ ...summaryColumns, isPreview: isPreviewApplication })
          .from(deployments)
          .where(and(inArray(deployments.projectId, ids), reservesResources()))
          .orderBy(asc(deployments.createdAt)),
      ])
    : [[], []];

  const costs = summarizeUsage(
    memberships.map((m) => ({ id: m.project.id, nom: m.project.nom })),
    appRows,
    await backupBytesByProject(
      ctx.db,
      memberships.map((m) => m.project.id),
    ),
  );
  // The account's month, the billing card's figures; the trend compares months by it.
  const month = await monthOfAccount(ctx, input.userId);
  const trend = await recordAndCompare(ctx.db, input.userId, month.projected_xof);

  const projectViews = memberships.map(({ project, role }) => {
    const envs = envRows.filter((e) => e.projectId === project.id);
    const apps = appRows.filter((a) => a.projectId === project.id);
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
        applications: apps.filter((a) => a.environmentId === env.id).map(presentApplicationSummary),
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
