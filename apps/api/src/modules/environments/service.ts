import type { Environment, EnvironmentConfig, EnvironmentStatus } from '@nuage/shared/api-types';
import type { ProjectRole } from '@nuage/shared/roles';
import type { EnvironmentInput } from '@nuage/shared/schemas/environments';
import { fromMilli } from '@nuage/shared/quantities';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import path from 'node:path';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import { projects } from '../../db/schema/projects';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { uniqueDnsLabel } from '../../lib/naming';
import { authorizeProject } from '../projects/policy';
import {
  presentEnvironment,
  presentEnvironmentStatus,
  type EnvironmentPreviewRow,
} from './presenter';
import { environmentTexts, projectTexts } from '@nuage/shared/messages/projects';
import { liveEnvironment } from '../../db/environment-sql';

export const ENVIRONMENT_NOT_FOUND = environmentTexts.notFound;
const NAME_TAKEN = environmentTexts.nameTaken;
const NAME_KEY = 'environments_project_name_key';
const NAMESPACE_KEY = 'environments_namespace_k8s_id_unique';

/** The environment and the caller's right on it (404 for non-members, 403 below `need`). */
export async function authorizeEnvironment(
  db: Executor,
  opts: { environmentId: string; userId: string; need: ProjectRole },
) {
  if (!isUuid(opts.environmentId)) throw notFound(ENVIRONMENT_NOT_FOUND);
  const [env] = await db.select().from(environments).where(eq(environments.id, opts.environmentId));
  // An environment being deleted is already gone for users; the engine is removing it.
  if (!env || env.status === 'deleting') throw notFound(ENVIRONMENT_NOT_FOUND);
  try {
    await authorizeProject(db, { projectId: env.projectId, userId: opts.userId, need: opts.need });
  } catch (err) {
    // Not a member: the environment does not exist for the caller.
    if ((err as { code?: string }).code === 'not_found') throw notFound(ENVIRONMENT_NOT_FOUND);
    throw err;
  }
  return env;
}

async function applicationCounts(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ environmentId: deployments.environmentId, n: sql<string>`count(*)` })
    .from(deployments)
    .where(
      and(
        inArray(deployments.environmentId, ids),
        eq(deployments.desiredState, 'present'),
        // Its databases (issue 25) are not applications.
        ne(deployments.category, 'DATABASE'),
      ),
    )
    .groupBy(deployments.environmentId);
  return new Map(rows.map((r) => [r.environmentId, Number(r.n)]));
}

/** The pull requests the environments preview, by environment (issue 26). */
async function previewsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, EnvironmentPreviewRow>();
  const rows = await db
    .select({
      environmentId: previews.environmentId,
      sourceDeploymentId: previews.sourceDeploymentId,
      number: previews.number,
      url: previews.url,
    })
    .from(previews)
    .where(inArray(previews.environmentId, ids));
  return new Map(rows.map((r) => [r.environmentId!, r]));
}

export async function listEnvironments(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<Environment[]> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(environments)
    .where(and(eq(environments.projectId, input.projectId), liveEnvironment()))
    .orderBy(asc(environments.createdAt));
  const ids = rows.map((r) => r.id);
  const [counts, previewed] = await Promise.all([
    applicationCounts(ctx.db, ids),
    previewsOf(ctx.db, ids),
  ]);
  return rows.map((r) => presentEnvironment(r, counts.get(r.id) ?? 0, previewed.get(r.id)));
}

export async function getEnvironment(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
): Promise<Environment> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'user' });
  const [counts, previewed] = await Promise.all([
    applicationCounts(ctx.db, [env.id]),
    previewsOf(ctx.db, [env.id]),
  ]);
  return presentEnvironment(env, counts.get(env.id) ?? 0, previewed.get(env.id));
}

/** Draws of a namespace before giving up: a 6-character random suffix rarely repeats. */
const NAMESPACE_ATTEMPTS = 5;

/**
 * Creates an environment with its platform-wide unique Kubernetes namespace and the folder
 * its rendered manifests will be written to (relative to DATA_DIR).
 */
export async function createEnvironment(
  ctx: AppContext,
  input: { projectId: string; userId: string; data: EnvironmentInput },
): Promise<Environment> {
  await authorizeProject(ctx.db, { ...input, need: 'developer' });
  const [project] = await ctx.db
    .select({ nom: projects.nom })
    .from(projects)
    .where(eq(projects.id, input.projectId));
  if (!project) throw notFound(projectTexts.notFound);
  const row = await insertEnvironment(ctx, {
    projectId: input.projectId,
    projectNom: project.nom,
    ...input.data,
  });
  return presentEnvironment(row, 0);
}

/**
 * The environment's row, with a namespace no other environment of the platform has (drawn
 * again on a collision); 409 in French when the project already has the name. Also used for
 * the previews of pull requests (modules/previews), which the platform creates itself.
 */
export async function insertEnvironment(
  ctx: AppContext,
  input: { projectId: string; projectNom: string; nom: string; type: EnvironmentInput['type'] },
) {
  for (let attempt = 1; ; attempt++) {
    const namespace = uniqueDnsLabel('env', [input.projectNom, input.nom]);
    try {
      const [row] = await ctx.db
        .insert(environments)
        .values({
          projectId: input.projectId,
          nom: input.nom,
          type: input.type,
          namespace,
          manifestsDir: path.posix.join('manifests', namespace),
        })
        .returning();
      ctx.log.info({ environmentId: row!.id, namespace }, 'environment created');
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, NAME_KEY)) throw conflict(NAME_TAKEN);
      // Another environment, anywhere on the platform, already has this namespace: draw again.
      if (isUniqueViolation(err, NAMESPACE_KEY) && attempt < NAMESPACE_ATTEMPTS) continue;
      throw err;
    }
  }
}

export async function updateEnvironment(
  ctx: AppContext,
  input: { environmentId: string; userId: string; data: EnvironmentInput },
): Promise<Environment> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'developer' });
  try {
    const [row] = await ctx.db
      .update(environments)
      .set({ nom: input.data.nom, type: input.data.type, updatedAt: new Date() })
      .where(eq(environments.id, env.id))
      .returning();
    const [counts, previewed] = await Promise.all([
      applicationCounts(ctx.db, [env.id]),
      previewsOf(ctx.db, [env.id]),
    ]);
    return presentEnvironment(row!, counts.get(env.id) ?? 0, previewed.get(env.id));
  } catch (err) {
    if (isUniqueViolation(err, NAME_KEY)) throw conflict(NAME_TAKEN);
    throw err;
  }
}

/**
 * Deletes the environment and every application in it: both disappear for users at once; the
 * engine removes the applications from the runtime, then the namespace, then the rows.
 */
export async function deleteEnvironment(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
) {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'developer' });
  await markEnvironmentsForDeletion(ctx.db, eq(environments.id, env.id));
  ctx.log.info({ environmentId: env.id }, 'environment deletion requested');
  ctx.engine.wake();
}

/** Marks environments (and their applications) for removal by the engine. */
export async function markEnvironmentsForDeletion(db: Executor, which: SQL | undefined) {
  const marked = await db
    .update(environments)
    .set({ status: 'deleting', nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(which)
    .returning({ id: environments.id });
  if (marked.length === 0) return;
  await db
    .update(deployments)
    .set({
      desiredState: 'absent',
      status: 'DELETING',
      nextAttemptAt: new Date(),
      generation: sql`${deployments.generation} + 1`,
    })
    .where(
      and(
        inArray(
          deployments.environmentId,
          marked.map((m) => m.id),
        ),
        eq(deployments.desiredState, 'present'),
      ),
    );
}

export async function getEnvironmentStatus(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
): Promise<EnvironmentStatus> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'user' });
  return presentEnvironmentStatus(env);
}

/** The environment's runtime settings: namespace, runtime, manifests folder, quota. */
export async function getEnvironmentConfig(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
): Promise<EnvironmentConfig> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'user' });
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, env.projectId));
  return {
    environment_id: env.id,
    namespace: env.namespace,
    runtime: ctx.engine.runtime,
    // Relative to the server's DATA_DIR: the server's own paths are not shown to tenants.
    manifests_path: env.manifestsDir,
    resource_quota: {
      cpu: fromMilli(project!.quotaCpuMilli),
      ram: fromMilli(project!.quotaRamMb),
      stockage: fromMilli(project!.quotaStorageMb),
    },
    labels: {
      'app.kubernetes.io/managed-by': 'nuagedeploy',
      'nuagedeploy.io/project-id': env.projectId,
      'nuagedeploy.io/environment-id': env.id,
      'nuagedeploy.io/environment-type': env.type,
    },
  };
}
