import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rm } from 'node:fs/promises';
import type { Database } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { backoffMs } from './backoff';
import type { RuntimeDriver } from '../driver';
import { environmentSpecOf } from '../specs/environment-spec';
import { loadEnvironment } from '../specs/environment-rows';
import { distributeProjectQuota } from '../quota/project-quota';
import { clusterMessages } from '@nuage/shared/cluster-messages';
import { liveEnvironment } from '../../db/environment-sql';

/** How soon a namespace being finalised is looked at again. */
const FINALISING_RETRY_MS = 1000;

/**
 * Deletions carried through in order: a project's environments first, each environment's
 * applications first, then the environment's runtime objects and folder, then the rows.
 */

/** Projects being deleted: their environments go first; the row goes once none is left. */
export async function progressProjectDeletions(
  db: Database,
  log: FastifyBaseLogger,
): Promise<number> {
  const doomed = await db
    .select({ id: projects.id })
    .from(projects)
    .where(isNotNull(projects.deletingAt));
  for (const { id } of doomed) {
    await db
      .update(environments)
      .set({ status: 'deleting', nextAttemptAt: new Date() })
      .where(and(eq(environments.projectId, id), liveEnvironment()));
    const [left] = await db
      .select({ n: sql<string>`count(*)` })
      .from(environments)
      .where(eq(environments.projectId, id));
    if (Number(left?.n ?? 0) === 0) {
      await db.delete(projects).where(eq(projects.id, id));
      log.info({ projectId: id }, 'project removed');
    }
  }
  return 0;
}

/**
 * One step of an environment's deletion; true once it is gone (runtime objects, manifests
 * folder and row), false while its applications are still being removed or the runtime refused.
 */
export async function progressEnvironmentDeletion(
  deps: { db: Database; driver: RuntimeDriver; log: FastifyBaseLogger },
  env: typeof environments.$inferSelect,
  manifestsFolder: string,
): Promise<boolean> {
  const { db } = deps;
  // Applications first: each is removed from the runtime by the application pass.
  await db
    .update(deployments)
    .set({ desiredState: 'absent', status: 'DELETING', nextAttemptAt: new Date() })
    .where(and(eq(deployments.environmentId, env.id), eq(deployments.desiredState, 'present')));
  const [left] = await db
    .select({ n: sql<string>`count(*)` })
    .from(deployments)
    .where(eq(deployments.environmentId, env.id));
  if (Number(left?.n ?? 0) > 0) {
    await db
      .update(environments)
      .set({ nextAttemptAt: new Date(Date.now() + 500) })
      .where(eq(environments.id, env.id));
    return false;
  }
  try {
    const { project } = await loadEnvironment(db, env.id);
    const spec = environmentSpecOf(env, project);
    // Its quota goes to nothing first (the others are not raised before: the quotas never
    // add up to more than the project's); then the runtime objects.
    await distributeProjectQuota(db, deps.driver, env.projectId);
    await deps.driver.removeEnvironment(spec);
    if (deps.driver.environmentGone && !(await deps.driver.environmentGone(spec))) {
      // The namespace finalises later: the row (and the quota it still counts) stays until then.
      await db
        .update(environments)
        .set({
          statusMessage: clusterMessages.environmentFinalising,
          nextAttemptAt: new Date(Date.now() + FINALISING_RETRY_MS),
        })
        .where(eq(environments.id, env.id));
      return false;
    }
    await rm(manifestsFolder, { recursive: true, force: true });
    await db.delete(environments).where(eq(environments.id, env.id));
    deps.log.info({ environmentId: env.id }, 'environment removed');
    // What it held is the other environments' again.
    await distributeProjectQuota(db, deps.driver, env.projectId).catch((err: unknown) =>
      deps.log.warn(
        { projectId: env.projectId, err: (err as Error).message },
        'quota not yet redistributed after an environment removal',
      ),
    );
    return true;
  } catch (err) {
    const attempts = env.attempts + 1;
    await db
      .update(environments)
      .set({
        attempts,
        statusMessage: `Suppression en attente : ${(err as Error).message}`,
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
      })
      .where(eq(environments.id, env.id));
    return false;
  }
}
