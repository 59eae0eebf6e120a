import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environments } from '../../db/schema/environments';
import { projectMembers, projects } from '../../db/schema/projects';
import { tokenProjectRestriction } from '../../http/request-scope';
import { liveMembershipsWhere } from '../projects/policy';
import { liveEnvironment } from '../../db/environment-sql';

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
          liveEnvironment(),
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

/** The projects the user (or the API token, when it is limited to one) sees, oldest first. */
export function dashboardMemberships(db: Database, userId: string) {
  const reads = readsOf(db);
  const onlyProjectId = tokenProjectRestriction();
  return onlyProjectId
    ? reads.membershipsInOneProject.execute({ userId, onlyProjectId })
    : reads.memberships.execute({ userId });
}

/** The shown environments of these projects, oldest first. */
export async function dashboardEnvironments(db: Database, projectIds: string[]) {
  return projectIds.length ? readsOf(db).environments.execute({ projectIds }) : [];
}
