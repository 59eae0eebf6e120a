import { hasRole, type ProjectRole } from '@nuage/shared/roles';
import { and, eq, isNull, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projectMembers, projects } from '../../db/schema/projects';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { requestScope, tokenProjectRestriction } from '../../http/request-scope';
import { projectTexts } from '@nuage/shared/messages/projects';

export const PROJECT_NOT_FOUND = projectTexts.notFound;

export interface Membership {
  projectId: string;
  role: ProjectRole;
}

/**
 * The caller's membership of a project. A project that does not exist and one the caller is
 * not a member of look the same (404), so nothing leaks across tenants; a member whose role
 * is below `need` gets 403. Under an API token restricted to one project, every other project
 * is "not found". The request's scope remembers the project (audit log).
 */
export async function authorizeProject(
  db: Executor,
  opts: { projectId: string; userId: string; need: ProjectRole },
): Promise<Membership> {
  if (!isUuid(opts.projectId)) throw notFound(PROJECT_NOT_FOUND);
  // An API token restricted to another project sees this one as it would a stranger's.
  const restricted = tokenProjectRestriction();
  if (restricted && restricted !== opts.projectId) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.projectId, opts.projectId),
        eq(projectMembers.userId, opts.userId),
        isNull(projects.deletingAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  if (!hasRole(row.role, opts.need)) throw forbidden(forbiddenDetail(opts.need));
  requestScope()?.projects.push(opts.projectId);
  return { projectId: opts.projectId, role: row.role };
}

/**
 * Locks the project row, then checks the caller's role. Whatever changes who administers the
 * project (roles, members, quotas) is decided under this lock, on what concurrent changes have
 * committed: a caller demoted a moment ago no longer acts as admin, and two changes cannot
 * each remove "the other" last admin. Answers the locked project row.
 */
export async function authorizeUnderLock(
  tx: Executor,
  opts: { projectId: string; userId: string; need: ProjectRole },
): Promise<Membership & { project: typeof projects.$inferSelect }> {
  if (!isUuid(opts.projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [project] = await tx
    .select()
    .from(projects)
    .where(eq(projects.id, opts.projectId))
    .for('update');
  const membership = await authorizeProject(tx, opts);
  return { ...membership, project: project! };
}

export function forbiddenDetail(need: ProjectRole): string {
  return need === 'admin' ? projectTexts.adminOnly : projectTexts.developerOrAdminOnly;
}

/**
 * The condition that keeps a query over the caller's projects to the one project their API token
 * is restricted to (none otherwise): every "my projects" list goes through it.
 */
export function visibleToToken(projectIdColumn: Column): SQL | undefined {
  const restricted = tokenProjectRestriction();
  return restricted ? eq(projectIdColumn, restricted) : undefined;
}

/**
 * The caller's memberships that count, on a query of projectMembers joined to projects: their
 * own, of projects not being deleted, within the one project their API token may be limited to.
 */
export function liveMembershipsOf(userId: string): SQL | undefined {
  return liveMembershipsWhere(userId, tokenProjectRestriction() ?? undefined);
}

/**
 * The ids of the projects the user sees (liveMembershipsWhere), for a prepared statement: its
 * placeholders `userId`, and `onlyProjectId` in the shape for an API token limited to one project.
 */
export const seenProjectIds = (oneProject: boolean): SQL =>
  sql`SELECT ${projectMembers.projectId} FROM ${projectMembers}
    INNER JOIN ${projects} ON ${projects.id} = ${projectMembers.projectId}
    WHERE ${liveMembershipsWhere(
      sql.placeholder('userId'),
      oneProject ? sql.placeholder('onlyProjectId') : undefined,
    )}`;

/** The values of seenProjectIds's placeholders for this user and the request's API token. */
export function seenProjectValues(userId: string): Record<string, string> {
  const onlyProjectId = tokenProjectRestriction();
  return onlyProjectId ? { userId, onlyProjectId } : { userId };
}

/** liveMembershipsOf's rule, values or a prepared statement's placeholders. */
export function liveMembershipsWhere(
  userId: string | Placeholder,
  onlyProjectId: string | Placeholder | undefined,
): SQL | undefined {
  return and(
    eq(projectMembers.userId, userId),
    isNull(projects.deletingAt),
    onlyProjectId === undefined ? undefined : eq(projectMembers.projectId, onlyProjectId),
  );
}
