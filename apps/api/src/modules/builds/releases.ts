import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments, type StoredEnvVar } from '../../db/schema/deployments';
import { releases, type ReleaseConfiguration } from '../../db/schema/releases';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { withEvent } from '../../db/deployment-events';
import { releaseColumns } from '../../db/release-columns';
import { checkQuota, lockProject } from '../deployments/quota';
import { reservationOf } from '../../lib/reservation';
import { authorizeBuiltApplication, lockLiveApplication } from './application-builds';
import { presentRelease, type ReleaseRow } from './presenter';
import { buildEventTexts, releaseTexts } from '@nuage/shared/messages/builds';

export const RELEASE_NOT_FOUND = releaseTexts.notFound;
export const ROLLBACK_REQUESTED = releaseTexts.rollbackRequested;

type DeploymentRow = typeof deployments.$inferSelect;

export async function listReleases(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
) {
  const d = await authorizeBuiltApplication(ctx, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(releases)
    .where(eq(releases.deploymentId, d.id))
    .orderBy(desc(releases.numero));
  return rows.map((r) => presentRelease(r, d.currentReleaseId));
}

/**
 * Makes `release` the application's desired image and configuration (the caller's transaction,
 * holding the application row): the reconciler rolls it out health-gated.
 */
export async function setCurrentRelease(
  tx: Executor,
  d: DeploymentRow,
  release: ReleaseRow,
  event: string,
) {
  const [row] = await tx
    .update(deployments)
    .set({
      ...releaseColumns(release, d.settings),
      // It becomes current once the reconciler saw it serve (health-gated).
      desiredReleaseId: release.id,
      generation: sql`${deployments.generation} + 1`,
      nextAttemptAt: new Date(),
      attempts: 0,
      updatedAt: new Date(),
      events: withEvent(event),
    })
    .where(eq(deployments.id, d.id))
    .returning();
  return row!;
}

/**
 * A new release with the image of the current one and a new configuration (environment
 * variables changed): numbered after the last one, so it can be rolled back like any other.
 */
export async function releaseWithConfiguration(
  tx: Executor,
  d: DeploymentRow,
  envVars: StoredEnvVar[],
  event: string,
) {
  // The latest wanted image: the one rolling out, else the one serving.
  const latestId = d.desiredReleaseId ?? d.currentReleaseId;
  const [current] = latestId
    ? await tx.select().from(releases).where(eq(releases.id, latestId))
    : [];
  if (!current) return null;
  const [last] = await tx
    .select({ n: sql<number | null>`max(${releases.numero})` })
    .from(releases)
    .where(eq(releases.deploymentId, d.id));
  const configuration: ReleaseConfiguration = {
    cpuMilli: d.cpuMilli,
    ramMb: d.ramMb,
    replicas: d.replicas,
    port: d.port ?? current.configuration.port,
    envVars,
    ...(current.configuration.compose ? { compose: current.configuration.compose } : {}),
  };
  const { id: _id, createdAt: _at, ...image } = current;
  const [release] = await tx
    .insert(releases)
    .values({ ...image, numero: Number(last?.n ?? 0) + 1, configuration })
    .returning();
  return setCurrentRelease(tx, d, release!, event);
}

/** POST /deployments/{id}/releases/{releaseId}/rollback: that exact image and configuration. */
export async function rollback(
  ctx: AppContext,
  input: { deploymentId: string; releaseId: string; userId: string },
) {
  const authorized = await authorizeBuiltApplication(ctx, { ...input, need: 'developer' });
  if (!isUuid(input.releaseId)) throw notFound(RELEASE_NOT_FOUND);
  const numero = await ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, authorized.projectId);
    const d = await lockLiveApplication(tx, authorized.id);
    const [release] = await tx.select().from(releases).where(eq(releases.id, input.releaseId));
    if (!release || release.deploymentId !== d.id) throw notFound(RELEASE_NOT_FOUND);
    const c = release.configuration;
    await checkQuota(tx, project, {
      requested: reservationOf({ ...c, storageMb: c.compose?.storageMb ?? d.storageMb }),
      excludeDeploymentId: d.id,
      current: reservationOf(d),
    });
    await setCurrentRelease(tx, d, release, buildEventTexts.rollbackRequested(release.numero));
    return release.numero;
  });
  ctx.engine.wake();
  return { message: ROLLBACK_REQUESTED(numero) };
}
