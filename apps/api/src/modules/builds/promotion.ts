import { and, eq, ne, sql } from 'drizzle-orm';
import type { PromotionTarget } from '@nuage/shared/build-types';
import { buildEventTexts, releaseTexts } from '@nuage/shared/messages/builds';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { releases, type ReleaseConfiguration } from '../../db/schema/releases';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { reservationOf } from '../../lib/reservation';
import { checkQuota, lockProject } from '../deployments/quota';
import {
  authorizeBuiltApplication,
  authorizeCodeApplication,
  lockLiveApplication,
} from './application-builds';
import { setCurrentRelease } from './releases';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * Where a release of `source` may be promoted (issue 26 item 1): the code applications of its
 * project built from the same repository, in another environment, not being deleted.
 */
function targetsOf(source: DeploymentRow) {
  return and(
    eq(deployments.projectId, source.projectId),
    eq(deployments.sourceKind, 'code'),
    eq(deployments.repoUrl, source.repoUrl ?? ''),
    ne(deployments.environmentId, source.environmentId),
    ne(deployments.desiredState, 'absent'),
  );
}

/**
 * GET /deployments/{id}/promotion-targets. A Compose application built from Git has releases
 * but none to promote (a release's file and images are its own): none listed.
 */
export async function listPromotionTargets(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<PromotionTarget[]> {
  const source = await authorizeBuiltApplication(ctx, { ...input, need: 'user' });
  if (source.sourceKind !== 'code') return [];
  const rows = await ctx.db
    .select({
      id: deployments.id,
      nom: deployments.nom,
      environmentId: environments.id,
      environmentNom: environments.nom,
      environmentType: environments.type,
    })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .where(targetsOf(source))
    .orderBy(environments.nom, deployments.nom);
  return rows.map((r) => ({
    deployment_id: r.id,
    nom: r.nom,
    environnement_id: r.environmentId,
    environnement_nom: r.environmentNom,
    environnement_type: r.environmentType,
  }));
}

/**
 * POST /deployments/{id}/releases/{releaseId}/promote: the release's exact image (same digest,
 * no build) becomes a new release of the target application, with the target's own variables,
 * resources and replicas (each environment keeps its configuration; the port is the image's).
 * Rolled out health-gated by the reconciler, as a rollback is: the target's serving release
 * stays until the promoted one is ready. Counted against the project's quota like any change.
 */
export async function promoteRelease(
  ctx: AppContext,
  input: { deploymentId: string; releaseId: string; targetId: string; userId: string },
) {
  const source = await authorizeCodeApplication(ctx, { ...input, need: 'developer' });
  if (!isUuid(input.releaseId)) throw notFound(releaseTexts.notFound);
  const [release] = await ctx.db.select().from(releases).where(eq(releases.id, input.releaseId));
  if (!release || release.deploymentId !== source.id) throw notFound(releaseTexts.notFound);
  const [target] = await ctx.db
    .select({ id: deployments.id, environmentNom: environments.nom })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .where(and(targetsOf(source), eq(deployments.id, input.targetId)));
  if (!target) throw conflict(releaseTexts.promotionTargetInvalid);
  const [sourceEnvironment] = await ctx.db
    .select({ nom: environments.nom })
    .from(environments)
    .where(eq(environments.id, source.environmentId));

  const promoted = await ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, source.projectId);
    const d = await lockLiveApplication(tx, target.id);
    const configuration: ReleaseConfiguration = {
      cpuMilli: d.cpuMilli,
      ramMb: d.ramMb,
      replicas: d.replicas,
      port: release.configuration.port,
      envVars: d.envVars,
    };
    await checkQuota(tx, project, {
      requested: reservationOf({ ...configuration, storageMb: d.storageMb }),
      excludeDeploymentId: d.id,
      current: reservationOf(d),
    });
    const [last] = await tx
      .select({ n: sql<number | null>`max(${releases.numero})` })
      .from(releases)
      .where(eq(releases.deploymentId, d.id));
    const { id: _id, createdAt: _at, rolloutError: _error, ...image } = release;
    const [created] = await tx
      .insert(releases)
      .values({ ...image, deploymentId: d.id, numero: Number(last?.n ?? 0) + 1, configuration })
      .returning();
    await setCurrentRelease(
      tx,
      d,
      created!,
      buildEventTexts.promotionRequested(release.numero, source.nom, sourceEnvironment?.nom ?? ''),
    );
    return d;
  });
  ctx.engine.wake();
  return {
    message: releaseTexts.promotionRequested(release.numero, promoted.nom, target.environmentNom),
  };
}
