import type { ProjectRole } from '@nuage/shared/roles';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { conflict, notFound, unavailable } from '../../lib/errors';
import { BUILDER_UNAVAILABLE } from '../deployments/deploy-code';
import { isUuid } from '../../lib/ids';
import { authorizeDeployment } from '../deployments/access';
import { buildsFromGit } from '../../engine/specs/built-from-git';
import { withEvent } from '../../db/deployment-events';
import { authorizeProject } from '../projects/policy';
import { presentBuild, type BuildRow } from './presenter';
import { enqueueBuild, queuePosition } from './queue';
import { buildErrorTexts, buildEventTexts } from '@nuage/shared/messages/builds';

export const BUILD_NOT_FOUND = buildErrorTexts.notFound;
export const BUILD_FINISHED = buildErrorTexts.finished;
export const NOT_CODE_APPLICATION = buildErrorTexts.notCodeApplication;
export const APPLICATION_DELETING = buildErrorTexts.applicationDeleting;

/**
 * The application's row locked for the rest of the transaction (its builds, releases and
 * configuration change one request after the other), refused once its deletion is asked.
 */
export async function lockLiveApplication(tx: Executor, deploymentId: string) {
  const [row] = await tx
    .select()
    .from(deployments)
    .where(eq(deployments.id, deploymentId))
    .for('update');
  if (!row || row.desiredState === 'absent') throw conflict(APPLICATION_DELETING);
  return row;
}

/** A code application the caller may act on (`need`), or the French refusal. */
export async function authorizeCodeApplication(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; need: ProjectRole },
) {
  const row = await authorizeDeployment(ctx.db, input);
  if (row.sourceKind !== 'code') throw conflict(NOT_CODE_APPLICATION);
  return row;
}

/**
 * An application built from its Git repository (a code application, or a Compose file read
 * from the repository) the caller may act on: its builds, releases and webhook.
 */
export async function authorizeBuiltApplication(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; need: ProjectRole },
) {
  const row = await authorizeDeployment(ctx.db, input);
  if (!buildsFromGit(row)) throw conflict(NOT_CODE_APPLICATION);
  return row;
}

/** A build the caller may see (`need` on its project); 404 for strangers. */
export async function authorizeBuild(
  ctx: AppContext,
  input: { buildId: string; userId: string; need: ProjectRole },
): Promise<BuildRow> {
  if (!isUuid(input.buildId)) throw notFound(BUILD_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(builds)
    .where(and(eq(builds.id, input.buildId), eq(builds.kind, 'build')));
  if (!row) throw notFound(BUILD_NOT_FOUND);
  try {
    await authorizeProject(ctx.db, {
      projectId: row.projectId,
      userId: input.userId,
      need: input.need,
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') throw notFound(BUILD_NOT_FOUND);
    throw err;
  }
  return row;
}

export async function summarize(ctx: AppContext, row: BuildRow) {
  return presentBuild(row, await queuePosition(ctx.db, row));
}

export async function listBuilds(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; limit: number; offset: number },
) {
  const d = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  const where = and(eq(builds.deploymentId, d.id), eq(builds.kind, 'build'));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(builds)
      .where(where)
      .orderBy(desc(builds.createdAt), desc(builds.numero))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db.select({ n: count() }).from(builds).where(where),
  ]);
  return {
    builds: await Promise.all(rows.map((r) => summarize(ctx, r))),
    total: Number(total?.n ?? 0),
  };
}

export async function getBuild(ctx: AppContext, input: { buildId: string; userId: string }) {
  return summarize(ctx, await authorizeBuild(ctx, { ...input, need: 'user' }));
}

/**
 * A queued build is cancelled at once; a running one is flagged: the process running it stops
 * the builder (at once here, within a heartbeat elsewhere) and records it cancelled.
 */
export async function cancelBuild(ctx: AppContext, input: { buildId: string; userId: string }) {
  const build = await authorizeBuild(ctx, { ...input, need: 'developer' });
  const [queued] = await ctx.db
    .update(builds)
    .set({
      status: 'cancelled',
      completedAt: new Date(),
      errorMessage: buildErrorTexts.cancelledBeforeStart,
      cancelRequested: true,
    })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'queued')))
    .returning();
  if (queued) {
    await failFirstBuildOf(ctx, queued);
    ctx.builds.wake();
    return;
  }
  const [running] = await ctx.db
    .update(builds)
    .set({ cancelRequested: true })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'running')))
    .returning({ id: builds.id });
  if (!running) throw conflict(BUILD_FINISHED);
  ctx.builds.cancelLocal(build.id);
}

/** An application whose only build was cancelled before it ran has nothing to serve: say so. */
async function failFirstBuildOf(ctx: AppContext, build: BuildRow) {
  if (!build.deploymentId) return;
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(builds)
    .where(
      and(
        eq(builds.deploymentId, build.deploymentId),
        inArray(builds.status, ['queued', 'running']),
      ),
    );
  if (Number(pending?.n ?? 0) > 0) return;
  await ctx.db
    .update(deployments)
    .set({
      status: 'FAILED',
      statusReason: buildErrorTexts.cancelledNothingRuns,
      events: withEvent(buildEventTexts.ended(build.numero, 'cancelled')),
    })
    .where(
      and(
        eq(deployments.id, build.deploymentId),
        isNull(deployments.currentReleaseId),
        isNull(deployments.desiredReleaseId),
      ),
    );
}

/** POST /deployments/{id}/redeploy ('Redéployer'): builds the branch's head. */
export async function redeploy(
  ctx: AppContext,
  input: {
    deploymentId: string;
    userId: string;
    trigger?: 'redeploy' | 'webhook';
    commit?: { sha: string; message: string | null } | null;
  },
) {
  const d = await authorizeBuiltApplication(ctx, { ...input, need: 'developer' });
  return queueBuildOf(ctx, d.id, input.trigger ?? 'redeploy', input.commit ?? null);
}

/** Queues a build of a code application (redeploy, webhook); its status shows the build coming. */
export async function queueBuildOf(
  ctx: AppContext,
  deploymentId: string,
  trigger: 'redeploy' | 'webhook',
  commit: { sha: string; message: string | null } | null,
) {
  if (!ctx.builds.builder) throw unavailable(BUILDER_UNAVAILABLE);
  const build = await ctx.db.transaction(async (tx) => {
    const d = await lockLiveApplication(tx, deploymentId);
    return queueBuildIn(tx, ctx, d, trigger, commit);
  });
  ctx.builds.wake();
  return { build_id: build.id };
}

/**
 * queueBuildOf's work inside the caller's transaction, on the application row it locked
 * (lockLiveApplication): the caller wakes the build queue once it committed.
 */
export async function queueBuildIn(
  tx: Executor,
  ctx: AppContext,
  d: Awaited<ReturnType<typeof lockLiveApplication>>,
  trigger: 'redeploy' | 'webhook',
  commit: { sha: string; message: string | null } | null,
) {
  const queued = await enqueueBuild(tx, {
    deployment: d,
    trigger,
    runtime: ctx.engine.runtime,
    commit,
  });
  await tx
    .update(deployments)
    .set({
      // An application that never ran waits for this build rather than showing the old failure.
      ...(d.currentReleaseId || d.desiredReleaseId
        ? {}
        : { status: 'PENDING' as const, statusReason: null }),
      events: withEvent(
        trigger === 'webhook'
          ? buildEventTexts.pushQueued(queued.numero, commit?.sha.slice(0, 7))
          : buildEventTexts.redeployQueued(queued.numero),
      ),
      updatedAt: new Date(),
    })
    .where(eq(deployments.id, d.id));
  return queued;
}

/** A deleted application builds nothing more: queued builds are cancelled, running ones stopped. */
export async function cancelBuildsOf(ctx: AppContext, deploymentId: string) {
  await ctx.db
    .update(builds)
    .set({
      status: 'cancelled',
      completedAt: new Date(),
      errorMessage: buildErrorTexts.applicationDeletedBefore,
      cancelRequested: true,
    })
    .where(and(eq(builds.deploymentId, deploymentId), eq(builds.status, 'queued')));
  const running = await ctx.db
    .update(builds)
    .set({ cancelRequested: true })
    .where(and(eq(builds.deploymentId, deploymentId), eq(builds.status, 'running')))
    .returning({ id: builds.id });
  for (const r of running) ctx.builds.cancelLocal(r.id);
}
