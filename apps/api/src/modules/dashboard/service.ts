import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { tokenProjectRestriction } from '../../http/request-scope';
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
import { liveMembershipsWhere } from '../projects/policy';

const ACTIVE = new Set(['RUNNING', 'DEPLOYED', 'HEALTHY']);

/**
 * The dashboard's reads of projects and environments, prepared once per database (PostgreSQL
 * parses and plans them once per connection, and the query builder does not rebuild them at each
 * read: issue 32), as GET /projects/'s page is.
 */
function prepareReads(db: Database) {
  const memberships = (oneProject: boolean) =>
    db
      .select({ project: projects, role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(
        liveMembershipsWhere(
          sql.placeholder('userId'),
          oneProject ? sql.placeholder('onlyProjectId') : undefined,
        ),
      )
      .orderBy(asc(projects.createdAt))
      .prepare(oneProject ? 'dashboard_projects_one_project' : 'dashboard_projects');
  return {
    memberships: memberships(false),
    membershipsInOneProject: memberships(true),
    // What the dashboard shows of an environment, not its whole row.
    environments: db
      .select({
        id: environments.id,
        nom: environments.nom,
        type: environments.type,
        namespace: environments.namespace,
        projectId: environments.projectId,
        status: environments.status,
        statusMessage: environments.statusMessage,
        manifestsWrittenAt: environments.manifestsWrittenAt,
      })
      .from(environments)
      .where(
        and(
          sql`${environments.projectId} = ANY(${sql.placeholder('projectIds')}::uuid[])`,
          ne(environments.status, 'deleting'),
        ),
      )
      .orderBy(asc(environments.createdAt))
      .prepare('dashboard_environments'),
  };
}
const preparedReads = new WeakMap<Database, ReturnType<typeof prepareReads>>();
function readsOf(db: Database) {
  let reads = preparedReads.get(db);
  if (!reads) preparedReads.set(db, (reads = prepareReads(db)));
  return reads;
}

/**
 * Everything the dashboard and status pages show, in the same few queries whatever the number
 * of applications (SPEC §7's per-level loading would cost one request per project, environment and
 * application).
 */
export async function dashboard(
  ctx: AppContext,
  input: { userId: string },
): Promise<DashboardResponse> {
  const reads = readsOf(ctx.db);
  const onlyProjectId = tokenProjectRestriction();
  const memberships = onlyProjectId
    ? await reads.membershipsInOneProject.execute({ userId: input.userId, onlyProjectId })
    : await reads.memberships.execute({ userId: input.userId });
  const ids = memberships.map((m) => m.project.id);
  const [envRows, appRows, backupBytes] = await Promise.all([
    ids.length ? reads.environments.execute({ projectIds: ids }) : [],
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
