import { webhookTexts } from '@nuage/shared/webhook-texts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import type { deployments } from '../../db/schema/deployments';
import { SourceError } from '../../engine/builds/builder';
import { conflict, unavailable } from '../../lib/errors';
import { BUILDER_UNAVAILABLE } from '../deployments/deploy-code';
import { noteEvent } from '../../db/deployment-events';
import { unsealGitToken } from '../git-tokens/service';
import { lockLiveApplication, queueBuildIn } from './application-builds';
import { claimDelivery, deliverySeen } from './webhook-deliveries';
import type { WebhookProvider } from './webhook-signature';

type Row = typeof deployments.$inferSelect;
export type PushOutcome = { build_id: string } | { ignored: true; detail: string };

/**
 * Builds a signed push on the tracked branch, unless it is one that must not be built.
 *
 * A signature proves the provider sent these bytes once, not that they are current: a captured
 * delivery sent again later (with a fresh delivery id, as the headers are not signed) would put
 * an older commit back online. So a push is built only when, besides its delivery id being new:
 *
 * - its commit is the branch's head *now*, as the repository itself says (the same reading as
 *   « Redéployer »). This is what "older" means here: anything the branch has moved past. It
 *   needs no history (the platform keeps none, its checkouts are shallow) and it holds for
 *   force pushes, reverts and deliveries arriving out of order, where comparing the push's
 *   `before` with the last commit the platform saw would refuse genuine pushes as soon as one
 *   delivery was lost or a build was started by hand;
 * - its commit has not already been built for this application (queued, running or
 *   successful): replaying the latest delivery must not undo a rollback chosen since, nor
 *   queue the same build again. Putting an old version back is « Revenir à cette version ».
 *
 * Every push left out says why in the answer (the provider's delivery log), in the
 * application's history and in the server's log. The delivery id is recorded in the same
 * transaction as the decision, so two identical deliveries at once give one build.
 */
export async function buildPush(
  ctx: AppContext,
  input: {
    d: Row;
    provider: WebhookProvider;
    deliveryId: string;
    push: { branch: string; sha: string; message: string | null };
  },
): Promise<PushOutcome> {
  const { d, push } = input;
  if (!ctx.builds.builder) throw unavailable(BUILDER_UNAVAILABLE);
  // Cheap refusal of a replay before reading the repository; the insert below decides.
  if (await deliverySeen(ctx.db, d.id, input.deliveryId)) throw conflict(webhookTexts.replayed);

  let head: string;
  try {
    head = (await branchHead(ctx, d, push.branch)).sha;
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    // Not recorded as received: the provider's redelivery can try again.
    return ignore(ctx, ctx.db, d.id, webhookTexts.unverified(push.sha, err.message));
  }

  const outcome = await ctx.db.transaction(async (tx): Promise<PushOutcome> => {
    const claimed = await claimDelivery(tx, {
      deploymentId: d.id,
      deliveryId: input.deliveryId,
      provider: input.provider,
    });
    if (!claimed) throw conflict(webhookTexts.replayed);
    const live = await lockLiveApplication(tx, d.id);
    if (head !== push.sha)
      return ignore(ctx, tx, d.id, webhookTexts.notHead(push.sha, push.branch, head));
    const [built] = await tx
      .select({ numero: builds.numero })
      .from(builds)
      .where(
        and(
          eq(builds.deploymentId, d.id),
          eq(builds.commitSha, push.sha),
          inArray(builds.status, ['queued', 'running', 'success']),
        ),
      )
      .orderBy(desc(builds.createdAt))
      .limit(1);
    if (built) return ignore(ctx, tx, d.id, webhookTexts.alreadyBuilt(push.sha, built.numero));
    const queued = await queueBuildIn(tx, ctx, live, 'webhook', {
      sha: push.sha,
      message: push.message,
    });
    return { build_id: queued.id };
  });
  if ('build_id' in outcome) {
    ctx.builds.wake();
    ctx.log.info(
      { deploymentId: d.id, provider: input.provider, commit: push.sha },
      'webhook push accepted',
    );
  }
  return outcome;
}

/** The branch's head in the repository, read with the application's own token. */
async function branchHead(ctx: AppContext, d: Row, branch: string) {
  const token = d.gitTokenId
    ? await unsealGitToken(ctx.db, ctx.secrets.secretsKey, {
        projectId: d.projectId,
        tokenId: d.gitTokenId,
      })
    : null;
  return ctx.builds.builder!.resolveCommit({
    repositoryUrl: d.repoUrl ?? '',
    branch,
    ...(token ? { token } : {}),
  });
}

/** An event not acted on: why, in the answer, the application's history and the server's log. */
export async function ignore(
  ctx: AppContext,
  db: Executor,
  deploymentId: string,
  detail: string,
): Promise<PushOutcome> {
  await noteEvent(db, deploymentId, detail);
  ctx.log.warn({ deploymentId }, `webhook push ignored: ${detail}`);
  return { ignored: true, detail };
}
