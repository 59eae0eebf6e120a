import { emitForDeployment } from '../../db/notification-events';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { releases, type ReleaseConfiguration } from '../../db/schema/releases';
import type { BuildOutcome } from '../../engine/builds/builder';
import { splitImage } from '../../engine/reconcile/record-builds';
import { withEvent } from '../../db/deployment-events';
import { releaseColumns } from '../../db/release-columns';
import { BuildFailedError } from '../../engine/builds/builder';
import { encryptSecret } from '../../lib/crypto';
import { QuotaExceededError } from '../../lib/errors';
import { reservationOf } from '../../lib/reservation';
import { checkQuota, lockProject } from '../deployments/quota';
import { composeTexts } from '@nuage/shared/messages/compose';
import type { ComposeRelease } from './compose-build';
import { buildErrorTexts, buildEventTexts } from '@nuage/shared/messages/builds';

/** The process that claimed the build still owns it (a crash recovery may have failed it since). */
const ownedBy = (buildId: string, owner: string) =>
  and(eq(builds.id, buildId), eq(builds.claimedBy, owner), eq(builds.status, 'running'));

/**
 * A successful build becomes release N of its application, and the application's desired image:
 * the reconciler rolls it out, health-gated (the running release keeps serving until then).
 * Answers the release, or null when the application was deleted meanwhile.
 */
export async function recordSuccess(
  db: Database,
  opts: {
    buildId: string;
    owner: string;
    outcome: BuildOutcome;
    commitMessage: string | null;
    /** A Compose application's build: the file and reservation of its release. */
    compose?: ComposeRelease | undefined;
    secretsKey: Buffer;
  },
) {
  const { outcome } = opts;
  const image = splitImage(outcome.imageRef);
  return db.transaction(async (tx) => {
    // A Compose release may reserve more than the one serving: the project's lock comes first
    // (the order every quota check takes), then its check after the application's lock.
    const project = opts.compose ? await lockProjectOfBuild(tx, opts.buildId) : null;
    const [build] = await tx
      .update(builds)
      .set({
        status: 'success',
        completedAt: new Date(),
        imageUrl: image.url,
        imageTag: image.tag,
        imageDigest: outcome.imageDigest,
        commitSha: outcome.commitSha,
        claimedBy: null,
      })
      .where(ownedBy(opts.buildId, opts.owner))
      .returning();
    if (!build?.deploymentId) return null;
    const [d] = await tx
      .select()
      .from(deployments)
      .where(eq(deployments.id, build.deploymentId))
      .for('update');
    if (!d || d.desiredState === 'absent') return null;
    const port = d.port ?? outcome.detected.port;
    const compose = opts.compose;
    if (compose && project) {
      await checkQuota(tx, project, {
        requested: reservationOf({ ...compose.reservation, replicas: 1 }),
        excludeDeploymentId: d.id,
        current: reservationOf(d),
      }).catch((err: unknown) => {
        if (err instanceof QuotaExceededError)
          throw new BuildFailedError(
            composeTexts.releaseQuota(err.detail.quota_exceeded.join(' ; ')),
          );
        throw err;
      });
    }
    const configuration: ReleaseConfiguration = compose
      ? {
          cpuMilli: compose.reservation.cpuMilli,
          ramMb: compose.reservation.ramMb,
          replicas: 1,
          port,
          envVars: [],
          compose: {
            fileSealed: encryptSecret(opts.secretsKey, compose.file),
            settings: compose.settings,
            storageMb: compose.reservation.storageMb,
          },
        }
      : {
          cpuMilli: d.cpuMilli,
          ramMb: d.ramMb,
          replicas: d.replicas,
          port,
          envVars: d.envVars,
        };
    const [last] = await tx
      .select({ n: sql<number | null>`max(${releases.numero})` })
      .from(releases)
      .where(eq(releases.deploymentId, d.id));
    const numero = Number(last?.n ?? 0) + 1;
    const [release] = await tx
      .insert(releases)
      .values({
        deploymentId: d.id,
        numero,
        buildId: build.id,
        imageUrl: image.url,
        imageTag: image.tag,
        imageDigest: outcome.imageDigest,
        commitSha: outcome.commitSha,
        commitMessage: opts.commitMessage ?? outcome.commitMessage ?? null,
        branch: build.branch ?? d.gitBranch ?? 'main',
        configuration,
      })
      .returning();
    await tx
      .update(deployments)
      .set({
        ...releaseColumns(release!, d.settings),
        // It becomes current once the reconciler saw it serve (health-gated).
        desiredReleaseId: release!.id,
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        updatedAt: new Date(),
        events: withEvent(
          `Version ${numero} construite (commit ${outcome.commitSha.slice(0, 7)}) : mise en service en cours`,
        ),
      })
      .where(eq(deployments.id, d.id));
    return release!;
  });
}

/** The project of a build's application, locked (null when the application is gone). */
async function lockProjectOfBuild(tx: Executor, buildId: string) {
  const [row] = await tx
    .select({ projectId: deployments.projectId })
    .from(builds)
    .innerJoin(deployments, eq(deployments.id, builds.deploymentId))
    .where(eq(builds.id, buildId));
  return row ? lockProject(tx, row.projectId) : null;
}

/**
 * A failed or cancelled build: the running release is untouched. An application with no
 * release yet (its first build) fails with the reason; one that serves a release keeps its status.
 */
export async function recordFailure(
  db: Database,
  opts: {
    buildId: string;
    owner: string | null;
    status: 'failed' | 'cancelled';
    message: string;
    /** Crash recovery: only while the heartbeat is still older than this (no race with a late beat). */
    staleBefore?: Date;
    log: { error(obj: object, msg: string): void };
  },
) {
  const failedOf = await db.transaction(async (tx) => {
    const [build] = await tx
      .update(builds)
      .set({
        status: opts.status,
        completedAt: new Date(),
        errorMessage: opts.message,
        claimedBy: null,
      })
      .where(
        opts.owner
          ? ownedBy(opts.buildId, opts.owner)
          : and(
              eq(builds.id, opts.buildId),
              eq(builds.status, 'running'),
              opts.staleBefore ? lt(builds.heartbeatAt, opts.staleBefore) : undefined,
            ),
      )
      .returning();
    if (!build?.deploymentId) return null;
    const [d] = await tx
      .select({
        currentReleaseId: deployments.currentReleaseId,
        desiredReleaseId: deployments.desiredReleaseId,
        desiredState: deployments.desiredState,
      })
      .from(deployments)
      .where(eq(deployments.id, build.deploymentId))
      .for('update');
    if (!d || d.desiredState === 'absent') return null;
    const outcome = opts.status === 'cancelled' ? 'cancelled' : 'failed';
    const event = withEvent(buildEventTexts.ended(build.numero, outcome, opts.message));
    await tx
      .update(deployments)
      .set(
        d.currentReleaseId || d.desiredReleaseId
          ? { events: event, updatedAt: new Date() }
          : {
              status: 'FAILED',
              statusReason:
                opts.status === 'cancelled'
                  ? buildErrorTexts.cancelledNothingRuns
                  : buildErrorTexts.failed(opts.message),
              events: event,
              updatedAt: new Date(),
            },
      )
      .where(eq(deployments.id, build.deploymentId));
    return outcome === 'failed' ? build.deploymentId : null;
  });
  // After the commit: the project hears of the failed build (issue 27), a cancel is no news.
  if (failedOf)
    await emitForDeployment(db, opts.log, failedOf, {
      type: 'build.failed',
      params: { raison: opts.message },
    });
}
