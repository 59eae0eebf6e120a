import type { BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { builds } from '../../db/schema/builds';
import { projectMembers, projects } from '../../db/schema/projects';
import { authorizeProject, liveMembershipsOf } from '../projects/policy';
import { durationSeconds } from './presenter';

export interface BuildListQuery {
  limit: number;
  offset: number;
  statusFilter?: 'success' | 'failed' | 'running';
  /** Code builds only, or template image downloads only; both when unset. */
  kind?: 'build' | 'pull';
  projectId?: string;
}

/** SPEC §3 "Built image list response" over the projects the caller belongs to. */
export async function listBuiltImages(
  ctx: AppContext,
  input: { userId: string; query: BuildListQuery },
): Promise<BuiltImagesResponse> {
  const { query } = input;
  let scope: SQL;
  if (query.projectId) {
    await authorizeProject(ctx.db, {
      projectId: query.projectId,
      userId: input.userId,
      need: 'user',
    });
    scope = eq(builds.projectId, query.projectId);
  } else {
    const mine = ctx.db
      .select({ id: projectMembers.projectId })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(liveMembershipsOf(input.userId));
    scope = inArray(builds.projectId, mine);
  }
  const ofKind = query.kind ? and(scope, eq(builds.kind, query.kind)) : scope;
  // A queued code build is, to this page, one that is not finished: it counts as running.
  const filtered = !query.statusFilter
    ? ofKind
    : query.statusFilter === 'running'
      ? and(ofKind, inArray(builds.status, ['running', 'queued']))
      : and(ofKind, eq(builds.status, query.statusFilter));
  const startedOrCreated = sql`coalesce(${builds.startedAt}, ${builds.createdAt})`;

  const [rows, [total], [stats]] = await Promise.all([
    ctx.db
      .select({ build: builds, projectName: projects.nom })
      .from(builds)
      .innerJoin(projects, eq(projects.id, builds.projectId))
      .where(filtered)
      .orderBy(desc(startedOrCreated), desc(builds.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(builds).where(filtered),
    ctx.db
      .select({
        total: count(),
        success: sql<string>`count(*) filter (where ${builds.status} = 'success')`,
        failed: sql<string>`count(*) filter (where ${builds.status} = 'failed')`,
        running: sql<string>`count(*) filter (where ${builds.status} in ('running', 'queued'))`,
      })
      .from(builds)
      // Builds only: a template's image download (WordPress, MariaDB) is not a build.
      .where(and(scope, eq(builds.kind, 'build'))),
  ]);

  const totalBuilds = Number(stats?.total ?? 0);
  const successful = Number(stats?.success ?? 0);
  const finished = successful + Number(stats?.failed ?? 0);
  const matching = Number(total?.n ?? 0);
  return {
    builds: rows.map(({ build: b, projectName }) => ({
      build_id: b.id,
      application_name: b.applicationName,
      status: b.status,
      kind: b.kind,
      // A code build always makes the application's image.
      part: b.part ?? (b.kind === 'build' ? 'application' : null),
      commit_sha: b.commitSha,
      is_standalone: b.isStandalone === 1,
      image_url: b.imageUrl,
      image_tag: b.imageTag,
      runtime: b.runtime,
      project: { id: b.projectId, name: projectName },
      repository: { branch: b.branch, url: b.repositoryUrl },
      build_info: {
        created_at: (b.startedAt ?? b.createdAt).toISOString(),
        completed_at: b.completedAt?.toISOString() ?? null,
        duration_seconds: durationSeconds(b.startedAt, b.completedAt),
      },
      error_message: b.errorMessage,
    })),
    statistics: {
      total_builds: totalBuilds,
      successful_builds: successful,
      failed_builds: Number(stats?.failed ?? 0),
      running_builds: Number(stats?.running ?? 0),
      // Over finished builds, as a percentage with one decimal; 0 before any build finished.
      success_rate: finished === 0 ? 0 : Math.round((successful / finished) * 1000) / 10,
    },
    pagination: {
      total: matching,
      limit: query.limit,
      offset: query.offset,
      has_more: query.offset + rows.length < matching,
    },
  };
}
