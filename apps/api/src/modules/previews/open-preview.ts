import { previewEventTexts } from '@nuage/shared/messages/previews';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import type { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import { projects } from '../../db/schema/projects';
import { DomainError, FieldValidationError, QuotaExceededError } from '../../lib/errors';
import { insertEnvironment, markEnvironmentsForDeletion } from '../environments/service';
import { insertPreviewApplication } from './preview-application';
import { idleCheckFrom } from './idle-stop';
import { copyLinkedDatabases } from './preview-databases';
import { previewsWithEnvironment, type PreviewOutcome, type PreviewRow } from './preview-state';
import type { PullRequestEvent } from './pull-request-event';
import type { PreviewSettingsRow } from './settings-store';
import { updatePreviewHead } from './update-preview';

type DeploymentRow = typeof deployments.$inferSelect;

/** How long one request may take to create a preview before another may try. */
const CREATION_LEASE_MS = 2 * 60_000;

/**
 * A request without a preview gets one: its own environment (`pr-<n>`, a namespace and network
 * of its own), the application and its first build, unless the project already has
 * PREVIEWS_PER_PROJECT previews or the preview would exceed its quota; a refusal is kept on the
 * preview's row and reported on the request, and the next event tries again.
 */
export async function openPreview(
  ctx: AppContext,
  input: {
    source: DeploymentRow;
    preview: PreviewRow;
    settings: PreviewSettingsRow;
    event: PullRequestEvent;
  },
): Promise<PreviewOutcome> {
  const { source, preview, event } = input;
  const [claimed] = await ctx.db
    .update(previews)
    .set({ creatingUntil: new Date(Date.now() + CREATION_LEASE_MS) })
    .where(
      and(
        eq(previews.id, preview.id),
        isNull(previews.deploymentId),
        or(isNull(previews.creatingUntil), lt(previews.creatingUntil, new Date())),
      ),
    )
    .returning();
  if (!claimed)
    return {
      apercu_id: preview.id,
      build_id: null,
      detail: previewEventTexts.creating(event.number),
    };

  const max = ctx.config.previews.perProject;
  if ((await previewsWithEnvironment(ctx.db, source.projectId)) >= max)
    return refuse(ctx, source, preview, previewEventTexts.tooMany(max));

  let env: typeof environments.$inferSelect | null = null;
  try {
    env = await previewEnvironment(ctx, source, event.number);
    const created = await insertPreviewApplication(ctx, {
      source,
      env,
      settings: input.settings,
      event,
      trusted: !event.fromFork || preview.approved,
    });
    await copyLinkedDatabases(ctx, {
      sourceId: source.id,
      createdBy: source.createdBy,
      env,
      applicationId: created.application.id,
      settings: input.settings,
      trusted: !event.fromFork || preview.approved,
    });
    const [row] = await ctx.db
      .update(previews)
      .set({
        environmentId: env.id,
        deploymentId: created.application.id,
        state: 'open',
        message: null,
        creatingUntil: null,
        reportDueAt: new Date(),
        idleCheckAt: idleCheckFrom(input.settings, new Date()),
        updatedAt: new Date(),
      })
      .where(eq(previews.id, preview.id))
      .returning();
    await noteEvent(ctx.db, source.id, previewEventTexts.opened(event.number, env.nom));
    ctx.builds.wake();
    ctx.engine.wake();
    // A commit pushed while this one was being created is built now.
    if (row!.headSha !== event.headSha) return updatePreviewHead(ctx, { source, preview: row! });
    return {
      apercu_id: preview.id,
      build_id: created.buildId,
      detail: previewEventTexts.opened(event.number, env.nom),
    };
  } catch (err) {
    if (env) await markEnvironmentsForDeletion(ctx.db, eq(environments.id, env.id));
    if (err instanceof QuotaExceededError)
      return refuse(
        ctx,
        source,
        preview,
        previewEventTexts.quota(err.detail.quota_exceeded.join(' ')),
      );
    await ctx.db.update(previews).set({ creatingUntil: null }).where(eq(previews.id, preview.id));
    if (err instanceof DomainError) return refuse(ctx, source, preview, err.detail);
    // A linked database's version the operator no longer offers, for instance.
    if (err instanceof FieldValidationError) return refuse(ctx, source, preview, err.message);
    throw err;
  }
}

/** `pr-<n>`, or `pr-<n>-<application>` when another application's request has the same number. */
async function previewEnvironment(ctx: AppContext, source: DeploymentRow, number: number) {
  const [project] = await ctx.db
    .select({ nom: projects.nom })
    .from(projects)
    .where(eq(projects.id, source.projectId));
  const create = (nom: string) =>
    insertEnvironment(ctx, {
      projectId: source.projectId,
      projectNom: project!.nom,
      nom: nom.slice(0, 100),
      type: 'dev',
    });
  try {
    return await create(`pr-${number}`);
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'conflict') throw err;
    return create(`pr-${number}-${source.nom}`);
  }
}

async function refuse(
  ctx: AppContext,
  source: DeploymentRow,
  preview: PreviewRow,
  message: string,
): Promise<PreviewOutcome> {
  await ctx.db
    .update(previews)
    .set({
      state: 'refused',
      message,
      creatingUntil: null,
      reportDueAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(previews.id, preview.id));
  await noteEvent(ctx.db, source.id, message);
  ctx.log.info({ deploymentId: source.id, pullRequest: preview.number }, 'preview refused');
  return { apercu_id: preview.id, build_id: null, detail: message };
}
