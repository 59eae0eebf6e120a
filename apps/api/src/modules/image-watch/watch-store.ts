import { shortDigest } from '@nuage/shared/image-reference';
import { imageWatchTexts } from '@nuage/shared/messages/images';
import { and, asc, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { withEvent } from '../../db/deployment-events';
import { deployments } from '../../db/schema/deployments';

/** What a check needs of its application. */
export type WatchedApplication = Pick<
  typeof deployments.$inferSelect,
  | 'id'
  | 'projectId'
  | 'nom'
  | 'imageRegistryUrl'
  | 'imageTag'
  | 'imageDigest'
  | 'imageWatchDigest'
  | 'imageWatchFailures'
  | 'registryCredentialId'
>;

/** The checks failed in a row beyond which the wait stops growing (32 intervals). */
const MAX_BACKOFF_STEPS = 5;

/** The wait before the next check: the interval, doubled at each failure in a row. */
export const nextCheckDelayMs = (intervalMs: number, failures: number) =>
  intervalMs * 2 ** Math.min(failures, MAX_BACKOFF_STEPS);

const watched = and(
  eq(deployments.imageWatch, true),
  eq(deployments.sourceKind, 'image'),
  eq(deployments.desiredState, 'present'),
  isNotNull(deployments.imageWatchNextAt),
);

/** When the next check falls due (null: no application has the option on). */
export async function nextWatchDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(deployments.imageWatchNextAt) })
    .from(deployments)
    .where(watched);
  return row?.at ?? null;
}

/**
 * The applications due at `now`, each leased by moving its next check `leaseMs` ahead
 * (`SKIP LOCKED`): several API processes never ask a registry twice for one application.
 */
export function claimDueWatches(
  db: Executor,
  opts: { now: Date; leaseMs: number; limit: number },
): Promise<WatchedApplication[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(and(watched, lte(deployments.imageWatchNextAt, opts.now)))
      .orderBy(asc(deployments.imageWatchNextAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(deployments)
      .set({ imageWatchNextAt: new Date(opts.now.getTime() + opts.leaseMs) })
      .where(
        inArray(
          deployments.id,
          due.map((d) => d.id),
        ),
      )
      .returning({
        id: deployments.id,
        projectId: deployments.projectId,
        nom: deployments.nom,
        imageRegistryUrl: deployments.imageRegistryUrl,
        imageTag: deployments.imageTag,
        imageDigest: deployments.imageDigest,
        imageWatchDigest: deployments.imageWatchDigest,
        imageWatchFailures: deployments.imageWatchFailures,
        registryCredentialId: deployments.registryCredentialId,
      });
  });
}

/**
 * The row still names the image the check read and still has the option on: an edit to
 * another image or tag, or the option turned off meanwhile, wins over the check's answer.
 */
const unchanged = (app: WatchedApplication) =>
  and(
    eq(deployments.id, app.id),
    eq(deployments.imageWatch, true),
    eq(deployments.imageRegistryUrl, app.imageRegistryUrl),
    eq(deployments.imageTag, app.imageTag),
    eq(deployments.desiredState, 'present'),
  );

/** A failed check: said on the application page, the next one later. The application runs on. */
export async function recordWatchFailure(
  db: Executor,
  app: WatchedApplication,
  opts: { now: Date; intervalMs: number; message: string },
): Promise<void> {
  const failures = app.imageWatchFailures + 1;
  await db
    .update(deployments)
    .set({
      imageWatchCheckedAt: opts.now,
      imageWatchError: opts.message,
      imageWatchFailures: failures,
      imageWatchNextAt: new Date(opts.now.getTime() + nextCheckDelayMs(opts.intervalMs, failures)),
    })
    .where(unchanged(app));
}

/**
 * A digest read. The first one after the option was turned on (or the image changed) is what
 * the last deploy pulled: kept as the baseline. A different one later is a new version: the
 * application is pinned to it and the engine rolls it out (a new generation). Answers whether
 * a redeploy was asked.
 */
export async function recordWatchDigest(
  db: Executor,
  app: WatchedApplication,
  opts: { now: Date; intervalMs: number; digest: string },
): Promise<boolean> {
  const running = app.imageDigest ?? app.imageWatchDigest;
  const changed = running !== null && running !== opts.digest;
  const updated = await db
    .update(deployments)
    .set({
      imageWatchCheckedAt: opts.now,
      imageWatchError: null,
      imageWatchFailures: 0,
      imageWatchDigest: opts.digest,
      imageWatchNextAt: new Date(opts.now.getTime() + opts.intervalMs),
      ...(changed
        ? {
            imageDigest: opts.digest,
            generation: sql`${deployments.generation} + 1`,
            nextAttemptAt: opts.now,
            attempts: 0,
            updatedAt: opts.now,
            events: withEvent(imageWatchTexts.newVersion(app.imageTag, shortDigest(opts.digest))),
          }
        : {}),
    })
    .where(unchanged(app))
    .returning({ id: deployments.id });
  return changed && updated.length > 0;
}
