import { previewEventTexts, previewIgnoredTexts } from '@nuage/shared/messages/previews';
import { webhookTexts } from '@nuage/shared/webhook-texts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import type { deployments } from '../../db/schema/deployments';
import { previews } from '../../db/schema/previews';
import { conflict } from '../../lib/errors';
import { claimDelivery } from '../builds/webhook-deliveries';
import { ignore, type PushOutcome } from '../builds/webhook-push';
import type { WebhookProvider } from '../builds/webhook-signature';
import { repositoryPath } from './git-host';
import { idleCheckFrom } from './idle-stop';
import { openPreview } from './open-preview';
import { pullRequestOf, type PullRequestEvent } from './pull-request-event';
import type { PreviewOutcome } from './preview-state';
import { settingsOf, type PreviewSettingsRow } from './settings-store';

export type { PreviewOutcome };
import { updatePreviewHead } from './update-preview';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * A signed pull (merge) request event on a code application's webhook (issue 26): opened or
 * reopened makes its preview (or rebuilds it), new commits rebuild it (or make it again when it
 * was stopped idle), closed or merged has it
 * deleted after the application's delay. The delivery id is recorded first, so a redelivery
 * changes nothing (409, as for pushes); every event left out says why.
 */
export async function receivePullRequest(
  ctx: AppContext,
  input: { d: DeploymentRow; provider: WebhookProvider; deliveryId: string; payload: unknown },
): Promise<PushOutcome | PreviewOutcome> {
  const { d } = input;
  const event = pullRequestOf(input.provider, input.payload);
  if ('ignored' in event) return ignore(ctx, ctx.db, d.id, event.ignored);
  const settings = await settingsOf(ctx.db, d.id);
  if (!settings.enabled)
    return ignore(ctx, ctx.db, d.id, previewIgnoredTexts.disabled(event.number));
  const tracked = d.gitBranch ?? 'main';
  if (event.baseBranch !== tracked)
    return ignore(
      ctx,
      ctx.db,
      d.id,
      previewIgnoredTexts.otherBase(event.number, event.baseBranch, tracked),
    );
  const claimed = await claimDelivery(ctx.db, {
    deploymentId: d.id,
    deliveryId: input.deliveryId,
    provider: input.provider,
  });
  if (!claimed) throw conflict(webhookTexts.replayed);
  ctx.log.info(
    { deploymentId: d.id, provider: input.provider, pullRequest: event.number, kind: event.kind },
    'pull request event accepted',
  );
  if (event.kind === 'close') return closePreview(ctx, d, event, settings);
  const row = await recordHead(ctx, d, input.provider, event, idleCheckFrom(settings, new Date()));
  const outcome =
    row.deploymentId && row.environmentId
      ? await updatePreviewHead(ctx, { source: d, preview: row })
      : await openPreview(ctx, { source: d, preview: row, settings, event });
  ctx.previews.wake();
  return outcome;
}

/**
 * The request as the host describes it now, on its preview's row (made at its first event);
 * a closed request reopened before its preview was deleted keeps it.
 */
async function recordHead(
  ctx: AppContext,
  d: DeploymentRow,
  provider: WebhookProvider,
  event: PullRequestEvent,
  /** An event is activity: the idleness check moves on (idle-stop.ts). */
  idleCheckAt: Date | null,
) {
  const head = {
    title: event.title,
    url: event.url,
    // The application's own repository, as its developer gave it: the reports go there, with
    // the project's token, whatever the payload names.
    repository: repositoryPath(d.repoUrl ?? '') ?? event.repository,
    headRepositoryUrl: event.headRepositoryUrl,
    headBranch: event.headBranch,
    headSha: event.headSha,
    fromFork: event.fromFork,
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(previews)
    .values({
      sourceDeploymentId: d.id,
      projectId: d.projectId,
      provider,
      number: event.number,
      ...head,
    })
    .onConflictDoUpdate({
      target: [previews.sourceDeploymentId, previews.number],
      set: { ...head, state: 'open', deleteAt: null, reportDueAt: new Date(), idleCheckAt },
    })
    .returning();
  return row!;
}

/** Closed or merged: deleted after the delay (the sweeper, sweeper.ts), the host told at once. */
async function closePreview(
  ctx: AppContext,
  d: DeploymentRow,
  event: PullRequestEvent,
  settings: PreviewSettingsRow,
): Promise<PushOutcome | PreviewOutcome> {
  const [row] = await ctx.db
    .update(previews)
    .set({
      state: 'closing',
      deleteAt: new Date(Date.now() + settings.deleteDelayMinutes * 60_000),
      reportDueAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(previews.sourceDeploymentId, d.id), eq(previews.number, event.number)))
    .returning();
  if (!row) return ignore(ctx, ctx.db, d.id, previewIgnoredTexts.unknown(event.number));
  const detail = previewEventTexts.closed(event.number);
  await noteEvent(ctx.db, d.id, detail);
  ctx.previews.wake();
  return { apercu_id: row.id, build_id: null, detail };
}
