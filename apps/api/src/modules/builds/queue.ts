import type { BuildTrigger } from '@nuage/shared/build-types';
import { and, asc, count, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';

type DeploymentRow = typeof deployments.$inferSelect;

/** Image name of an application's builds (without registry nor tag): one repository per application. */
export const buildImageName = (deploymentId: string) => `nuage-builds/${deploymentId}`;

/**
 * Queues a build of the application (the caller's transaction). The application row is locked
 * so that two triggers at once get numbers 1, 2… in order.
 */
export async function enqueueBuild(
  tx: Executor,
  opts: {
    deployment: Pick<
      DeploymentRow,
      'id' | 'projectId' | 'nom' | 'repoUrl' | 'gitBranch' | 'buildArgs'
    >;
    trigger: BuildTrigger;
    runtime: string;
    /** Known commit (deploy, webhook); the branch's head is resolved when the build starts otherwise. */
    commit: { sha: string; message: string | null } | null;
  },
) {
  const d = opts.deployment;
  await tx
    .select({ id: deployments.id })
    .from(deployments)
    .where(eq(deployments.id, d.id))
    .for('update');
  const [last] = await tx
    .select({ n: sql<number | null>`max(${builds.numero})` })
    .from(builds)
    .where(eq(builds.deploymentId, d.id));
  const numero = Number(last?.n ?? 0) + 1;
  const [row] = await tx
    .insert(builds)
    .values({
      deploymentId: d.id,
      projectId: d.projectId,
      applicationName: d.nom,
      kind: 'build',
      imageUrl: buildImageName(d.id),
      imageTag: `build-${numero}`,
      status: 'queued',
      repositoryUrl: d.repoUrl,
      branch: d.gitBranch,
      runtime: opts.runtime,
      numero,
      trigger: opts.trigger,
      commitSha: opts.commit?.sha ?? null,
      commitMessage: opts.commit?.message ?? null,
      buildArgs: d.buildArgs,
    })
    .returning();
  return row!;
}

/** 1 for the next build to start, over every application (the queue is global); null unless queued. */
export async function queuePosition(db: Executor, build: typeof builds.$inferSelect) {
  if (build.status !== 'queued') return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(builds)
    .where(
      and(
        eq(builds.status, 'queued'),
        eq(builds.kind, 'build'),
        or(
          lt(builds.createdAt, build.createdAt),
          and(eq(builds.createdAt, build.createdAt), lt(builds.id, build.id)),
        ),
      ),
    );
  return Number(ahead?.n ?? 0) + 1;
}

/** The queued builds in the order they will start. */
export const queueOrder = [asc(builds.createdAt), asc(builds.id)];
