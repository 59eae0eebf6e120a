import { lockAndCheckProjectLimit } from '../billing/account-plan';
import type { Project, ProjectPage } from '@nuage/shared/api-types';
import type { ProjectInput } from '@nuage/shared/schemas/projects';
import { toMilli } from '@nuage/shared/quantities';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import { reservationSums, reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { invitations, projectMembers, projects } from '../../db/schema/projects';
import { recordAudit } from '../audit/record';
import { auditProjectEdit } from './audit-edit';
import { markEnvironmentsForDeletion } from '../environments/service';
import { conflict, notFound } from '../../lib/errors';
import { accountTexts } from '@nuage/shared/security-messages';
import {
  authorizeProject,
  authorizeUnderLock,
  PROJECT_NOT_FOUND,
  liveMembershipsOf,
  liveMembershipsWhere,
} from './policy';
import { presentProject } from './presenter';
import { tokenProjectRestriction } from '../../http/request-scope';
import { projectUsage } from './usage';
import { projectTexts, quotaErrorTexts } from '@nuage/shared/messages/projects';
import { liveEnvironment } from '../../db/environment-sql';

/**
 * One page of the caller's projects (and only those), newest first, with usage and counts, and
 * how many there are in all.
 */
export async function listProjects(
  ctx: AppContext,
  input: { userId: string; limit: number; offset: number },
): Promise<ProjectPage> {
  const restricted = tokenProjectRestriction() ?? undefined;
  const rows = await projectPageQuery(ctx.db, restricted !== undefined).execute({
    userId: input.userId,
    projectId: restricted,
    limit: input.limit,
    offset: input.offset,
  });
  // Past the last page there is no row to carry the total: a second statement counts.
  const total = rows[0]?.total ?? (input.offset > 0 ? await countProjects(ctx, input.userId) : 0);
  return {
    projects: rows.map((r) =>
      presentProject(r.project, {
        role: r.role,
        usage: { cpuMilli: r.cpuMilli ?? 0, ramMb: r.ramMb ?? 0, storageMb: r.storageMb ?? 0 },
        environmentsCount: r.environmentsCount ?? 0,
        applicationsCount: r.applicationsCount ?? 0,
      }),
    ),
    pagination: {
      total,
      limit: input.limit,
      offset: input.offset,
      has_more: input.offset + rows.length < total,
    },
  };
}

/**
 * The page's one statement (issue 32's hot path): the page is cut first (ordered, limited, and
 * counted by a window before LIMIT applies), then each of its projects gets its usage and counts
 * from lateral subqueries over its own rows (by the project_id indexes). Prepared once per
 * database and per shape (with or without an API token's one project): the query is not rebuilt
 * at each request, and PostgreSQL parses it once per connection. (Unprepared, cutting the page
 * first had measured slower for 20 projects; prepared, it is as fast there and faster for 200:
 * bench/RESULTS.md.)
 */
function projectPageQuery(db: Database, restrictedToOneProject: boolean): PreparedPage {
  let cache = preparedPages.get(db);
  if (!cache) preparedPages.set(db, (cache = new Map()));
  let prepared = cache.get(restrictedToOneProject);
  if (!prepared)
    cache.set(restrictedToOneProject, (prepared = preparePage(db, restrictedToOneProject)));
  return prepared;
}

function preparePage(db: Database, restrictedToOneProject: boolean) {
  const apps = db
    .select({
      // Applications only: databases (issue 25) reserve resources but are not applications.
      count: sql<number>`count(*) filter (where ${deployments.category} <> 'DATABASE')`
        .mapWith(Number)
        .as('apps_count'),
      ...aliasedSums(),
    })
    .from(deployments)
    .where(and(eq(deployments.projectId, projects.id), reservesResources()))
    .as('apps');
  const envs = db
    .select({ count: sql<number>`count(*)`.mapWith(Number).as('envs_count') })
    .from(environments)
    .where(and(eq(environments.projectId, projects.id), liveEnvironment()))
    .as('envs');
  // The page first (ordered, cut, counted), then the laterals for its projects only.
  const page = db
    .select({
      projectId: projectMembers.projectId,
      role: projectMembers.role,
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      liveMembershipsWhere(
        sql.placeholder('userId'),
        restrictedToOneProject ? sql.placeholder('projectId') : undefined,
      ),
    )
    .orderBy(...newestFirst())
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      project: projects,
      role: page.role,
      total: page.total,
      applicationsCount: apps.count,
      cpuMilli: apps.cpuMilli,
      ramMb: apps.ramMb,
      storageMb: apps.storageMb,
      environmentsCount: envs.count,
    })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.projectId))
    .leftJoinLateral(apps, sql`true`)
    .leftJoinLateral(envs, sql`true`)
    .orderBy(...newestFirst())
    .prepare(restrictedToOneProject ? 'projects_page_one_project' : 'projects_page');
}
type PreparedPage = ReturnType<typeof preparePage>;
const preparedPages = new WeakMap<Database, Map<boolean, PreparedPage>>();

/** Newest first; the id breaks ties so that pages neither repeat nor skip a project. */
const newestFirst = () => [desc(projects.createdAt), desc(projects.id)];

async function countProjects(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(liveMembershipsOf(userId));
  return row?.n ?? 0;
}

/** reservationSums() with the names a subquery's columns need. */
function aliasedSums() {
  const sums = reservationSums();
  return {
    cpuMilli: sums.cpuMilli.as('cpu_milli'),
    ramMb: sums.ramMb.as('ram_mb'),
    storageMb: sums.storageMb.as('storage_mb'),
  };
}

/** Usage and counts of several projects in two grouped queries. */
async function projectStats(db: Executor, ids: string[]) {
  const [apps, envs] = await Promise.all([
    db
      .select({
        projectId: deployments.projectId,
        count: sql<string>`count(*) filter (where ${deployments.category} <> 'DATABASE')`,
        ...reservationSums(),
      })
      .from(deployments)
      .where(and(inArray(deployments.projectId, ids), reservesResources()))
      .groupBy(deployments.projectId),
    db
      .select({ projectId: environments.projectId, count: sql<string>`count(*)` })
      .from(environments)
      .where(and(inArray(environments.projectId, ids), liveEnvironment()))
      .groupBy(environments.projectId),
  ]);
  const result = new Map(
    ids.map((id) => [
      id,
      {
        usage: { cpuMilli: 0, ramMb: 0, storageMb: 0 },
        environmentsCount: 0,
        applicationsCount: 0,
      },
    ]),
  );
  for (const a of apps) {
    const s = result.get(a.projectId)!;
    s.usage = { cpuMilli: a.cpuMilli, ramMb: a.ramMb, storageMb: a.storageMb };
    s.applicationsCount = Number(a.count);
  }
  for (const e of envs) result.get(e.projectId)!.environmentsCount = Number(e.count);
  return result;
}

export async function getProject(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<Project> {
  const { role } = await authorizeProject(ctx.db, { ...input, need: 'user' });
  const [row] = await ctx.db.select().from(projects).where(eq(projects.id, input.projectId));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  const stats = await projectStats(ctx.db, [row.id]);
  return presentProject(row, { role, ...stats.get(row.id)! });
}

/** Creates the project; its creator becomes its admin (ARCHITECTURE.md "Roles"). */
export async function createProject(
  ctx: AppContext,
  input: { userId: string; data: ProjectInput },
): Promise<Project> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockAndCheckProjectLimit(tx, input.userId);
    const [created] = await tx
      .insert(projects)
      .values({
        nom: input.data.nom,
        description: input.data.description || null,
        quotaCpuMilli: toMilli(input.data.quota_cpu),
        quotaRamMb: toMilli(input.data.quota_ram),
        quotaStorageMb: toMilli(input.data.quota_stockage),
        createdBy: input.userId,
      })
      .returning();
    await tx
      .insert(projectMembers)
      .values({ projectId: created!.id, userId: input.userId, role: 'admin' });
    return created!;
  });
  ctx.log.info({ projectId: row.id }, 'project created');
  return presentProject(row, {
    role: 'admin',
    usage: { cpuMilli: 0, ramMb: 0, storageMb: 0 },
    environmentsCount: 0,
    applicationsCount: 0,
  });
}

const quotaLabels = { cpu: 'CPU', ram: 'RAM', storage: quotaErrorTexts.storageLabel } as const;

/**
 * Edits the project. Under the project-row lock that deploys also take, a quota may not go
 * below what the applications already reserve.
 */
export async function updateProject(
  ctx: AppContext,
  input: { projectId: string; userId: string; data: ProjectInput },
): Promise<Project> {
  const next = {
    cpu: toMilli(input.data.quota_cpu),
    ram: toMilli(input.data.quota_ram),
    storage: toMilli(input.data.quota_stockage),
  };
  const quotaChanged = await ctx.db.transaction(async (tx) => {
    const { project: before } = await authorizeUnderLock(tx, { ...input, need: 'admin' });
    const used = await projectUsage(tx, input.projectId);
    const usedBy = { cpu: used.cpuMilli, ram: used.ramMb, storage: used.storageMb };
    for (const resource of ['cpu', 'ram', 'storage'] as const) {
      if (next[resource] < usedBy[resource]) {
        throw conflict(quotaBelowUsageDetail(resource, next[resource], usedBy[resource]));
      }
    }
    await tx
      .update(projects)
      .set({
        nom: input.data.nom,
        description: input.data.description || null,
        quotaCpuMilli: next.cpu,
        quotaRamMb: next.ram,
        quotaStorageMb: next.storage,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, input.projectId));
    const quotaChanged =
      before.quotaCpuMilli !== next.cpu ||
      before.quotaRamMb !== next.ram ||
      before.quotaStorageMb !== next.storage;
    await auditProjectEdit(tx, before, input.data, next, quotaChanged);
    return quotaChanged;
  });
  if (quotaChanged) {
    // Each environment's namespace quota (ResourceQuota on Kubernetes) follows the project's.
    await ctx.db
      .update(environments)
      .set({
        status: 'pending',
        statusMessage: projectTexts.applyingQuota,
        nextAttemptAt: new Date(),
      })
      .where(and(eq(environments.projectId, input.projectId), eq(environments.status, 'active')));
    ctx.engine.wake();
  }
  return getProject(ctx, input);
}

function quotaBelowUsageDetail(
  resource: 'cpu' | 'ram' | 'storage',
  nextMilli: number,
  usedMilli: number,
) {
  const unit = resource === 'cpu' ? 'core(s)' : 'GB';
  const fmt = (v: number) => String(v / 1000).replace('.', ',');
  return projectTexts.quotaBelowUsage({
    label: quotaLabels[resource],
    next: fmt(nextMilli),
    used: fmt(usedMilli),
    unit,
  });
}

/**
 * Deletes the project with its environments, applications and invitations: gone for users at
 * once; the engine removes the runtime objects, then the rows.
 */
export async function deleteProject(ctx: AppContext, input: { projectId: string; userId: string }) {
  await ctx.db.transaction(async (tx) => {
    const { project } = await authorizeUnderLock(tx, { ...input, need: 'admin' });
    await markProjectForDeletion(tx, input.projectId);
    await recordAudit(tx, {
      projectId: project.id,
      action: 'project.delete',
      target: { type: 'project', id: project.id, name: project.nom },
    });
  });
  ctx.log.info({ projectId: input.projectId }, 'project deletion requested');
  ctx.engine.wake();
}

export async function markProjectForDeletion(db: Executor, projectId: string) {
  await db.transaction(async (tx) => {
    await tx.update(projects).set({ deletingAt: new Date() }).where(eq(projects.id, projectId));
    await tx.delete(invitations).where(eq(invitations.projectId, projectId));
    await markEnvironmentsForDeletion(tx, eq(environments.projectId, projectId));
  });
}

/**
 * Before an account is deleted: projects it alone belongs to go with it. A shared project it is
 * the only admin of blocks the deletion (nobody is promoted behind the members' backs): another
 * admin must be named, or the project deleted, first.
 */
export async function releaseProjectsOf(db: Executor, userId: string): Promise<string[]> {
  // Projects in id order, so two accounts released at once lock shared projects alike.
  const memberships = await db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role, nom: projects.nom })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), isNull(projects.deletingAt)))
    .orderBy(asc(projectMembers.projectId));
  const deleted: string[] = [];
  const blocking: string[] = [];
  for (const { projectId, role, nom } of memberships) {
    // Under the project lock that role changes take: an admin named at this moment is seen.
    await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    const others = await db
      .select({ id: projectMembers.id, role: projectMembers.role })
      .from(projectMembers)
      .where(
        and(eq(projectMembers.projectId, projectId), sql`${projectMembers.userId} <> ${userId}`),
      );
    if (others.length === 0) {
      await markProjectForDeletion(db, projectId);
      deleted.push(projectId);
    } else if (role === 'admin' && !others.some((o) => o.role === 'admin')) {
      blocking.push(nom);
    }
  }
  if (blocking.length > 0) throw conflict(accountTexts.lastAdmin(blocking));
  return deleted;
}
