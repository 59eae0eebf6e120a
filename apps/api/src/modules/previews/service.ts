import { previewErrorTexts, previewEventTexts } from '@nuage/shared/messages/previews';
import type { PreviewSettingsInput } from '@nuage/shared/schemas/previews';
import type { Preview, PreviewsOfApplication } from '@nuage/shared/schemas/responses/previews';
import { toMilli } from '@nuage/shared/quantities';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import { deployments } from '../../db/schema/deployments';
import { previews } from '../../db/schema/previews';
import { conflict, FieldValidationError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit } from '../audit/record';
import { authorizeDeployment } from '../deployments/access';
import { storeEnvVars } from '../deployments/env-vars-store';
import { unsealGitToken } from '../git-tokens/service';
import { lockLiveApplication, queueBuildIn } from '../builds/application-builds';
import { previewVariables } from './preview-application';
import { presentPreview, presentPreviewById, presentSettings } from './presenter';
import { openPreview } from './open-preview';
import { previewFacts, previewsWithEnvironment, type PreviewRow } from './preview-state';
import type { PullRequestEvent } from './pull-request-event';
import { idleCheckFrom } from './idle-stop';
import { saveSettings, settingsOf } from './settings-store';
import { trackedBranches } from './tracked-branches';

/** A code application built from Git that is not itself a preview: the only kind with previews. */
async function authorizePreviewSource(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; need: 'user' | 'admin' },
) {
  const d = await authorizeDeployment(ctx.db, input);
  if (d.sourceKind !== 'code') throw conflict(previewErrorTexts.notCodeApplication);
  const [isPreview] = await ctx.db
    .select({ id: previews.id })
    .from(previews)
    .where(eq(previews.deploymentId, d.id));
  if (isPreview) throw conflict(previewErrorTexts.isPreview);
  return d;
}

async function previewsOfApplication(
  ctx: AppContext,
  d: { id: string; projectId: string; repoUrl: string | null },
): Promise<PreviewsOfApplication> {
  const [settings, rows, open, branches] = await Promise.all([
    settingsOf(ctx.db, d.id),
    ctx.db
      .select()
      .from(previews)
      .where(eq(previews.sourceDeploymentId, d.id))
      .orderBy(desc(previews.number)),
    previewsWithEnvironment(ctx.db, d.projectId),
    trackedBranches(ctx.db, d),
  ]);
  return {
    parametres: presentSettings(settings),
    branches_suivies: branches,
    maximum_par_projet: ctx.config.previews.perProject,
    ouverts_dans_le_projet: open,
    apercus: (await previewFacts(ctx.db, rows)).map(presentPreview),
  };
}

/** GET /deployments/{id}/previews */
export async function getPreviews(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
) {
  const d = await authorizePreviewSource(ctx, { ...input, need: 'user' });
  return previewsOfApplication(ctx, d);
}

/** PUT /deployments/{id}/previews: the settings (project admins), applied to the next previews. */
export async function putPreviewSettings(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; data: PreviewSettingsInput },
) {
  const d = await authorizePreviewSource(ctx, { ...input, need: 'admin' });
  const { data } = input;
  const current = await settingsOf(ctx.db, d.id);
  const tokenId = data.jeton_statut_id?.trim() || null;
  if (tokenId) {
    const token = await unsealGitToken(ctx.db, ctx.secrets.secretsKey, {
      projectId: d.projectId,
      tokenId,
    });
    if (token === null)
      throw new FieldValidationError([
        {
          loc: ['body', 'jeton_statut_id'],
          msg: previewErrorTexts.statusTokenUnknown,
          type: 'unknown',
        },
      ]);
  }
  await saveSettings(ctx.db, {
    deploymentId: d.id,
    enabled: data.actif,
    cpuMilli: toMilli(data.cpu),
    ramMb: toMilli(data.ram),
    deleteDelayMinutes: data.delai_suppression_minutes,
    idleStopHours: data.arret_inactivite_heures,
    databases: data.bases_de_donnees,
    envVars: storeEnvVars(ctx.secrets.secretsKey, data.variables, current.envVars, [
      'body',
      'variables',
    ]),
    apiUrl: data.api_url?.trim() || null,
    statusTokenId: tokenId,
  });
  // Its open previews follow the new idleness rule from now.
  await ctx.db
    .update(previews)
    .set({
      idleCheckAt: idleCheckFrom(
        { ...current, idleStopHours: data.arret_inactivite_heures },
        new Date(),
      ),
    })
    .where(and(eq(previews.sourceDeploymentId, d.id), eq(previews.state, 'open')));
  ctx.previews.wake();
  return previewsOfApplication(ctx, d);
}

/** The preview and its source application, the caller holding `need` on the project. */
async function authorizePreview(
  ctx: AppContext,
  input: { previewId: string; userId: string; need: 'developer' | 'admin' },
) {
  if (!isUuid(input.previewId)) throw notFound(previewErrorTexts.notFound);
  const [row] = await ctx.db.select().from(previews).where(eq(previews.id, input.previewId));
  if (!row) throw notFound(previewErrorTexts.notFound);
  try {
    const source = await authorizeDeployment(ctx.db, {
      deploymentId: row.sourceDeploymentId,
      userId: input.userId,
      need: input.need,
    });
    return { row, source };
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') throw notFound(previewErrorTexts.notFound);
    throw err;
  }
}

/**
 * POST /previews/{id}/approve: a fork's request trusted by an admin; its preview is built again
 * with the project's variables and build arguments.
 */
export async function approvePreview(
  ctx: AppContext,
  input: { previewId: string; userId: string },
): Promise<Preview> {
  const { row, source } = await authorizePreview(ctx, { ...input, need: 'admin' });
  if (!row.fromFork) throw conflict(previewErrorTexts.notFork);
  if (row.approved) throw conflict(previewErrorTexts.alreadyApproved);
  if (row.state === 'closing') throw conflict(previewErrorTexts.closed);
  const settings = await settingsOf(ctx.db, source.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(previews)
      .set({ approved: true, reportDueAt: new Date(), updatedAt: new Date() })
      .where(eq(previews.id, row.id));
    if (!row.deploymentId) return;
    const app = await lockLiveApplication(tx, row.deploymentId);
    await tx
      .update(deployments)
      .set({ envVars: previewVariables(source, settings, true), buildArgs: source.buildArgs })
      .where(eq(deployments.id, app.id));
    await queueBuildIn(tx, ctx, { ...app, buildArgs: source.buildArgs }, 'redeploy', {
      sha: row.headSha,
      message: row.title,
    });
  });
  await auditPreview(ctx, 'preview.approve', source, row.number);
  ctx.builds.wake();
  ctx.previews.wake();
  return presentPreviewById(ctx.db, row.id);
}

/** The request as its preview's row has it: what a restart builds again. */
function eventOf(row: PreviewRow, source: { gitBranch: string | null }): PullRequestEvent {
  return {
    kind: 'open',
    number: row.number,
    title: row.title,
    url: row.url,
    baseBranch: source.gitBranch ?? 'main',
    headBranch: row.headBranch,
    headSha: row.headSha,
    headRepositoryUrl: row.headRepositoryUrl,
    repository: row.repository,
    fromFork: row.fromFork,
  };
}

/**
 * POST /previews/{id}/start: a preview stopped idle made again from its request's head commit
 * (a new environment, application and build), as a push to the request would.
 */
export async function restartPreview(
  ctx: AppContext,
  input: { previewId: string; userId: string },
): Promise<Preview> {
  const { row, source } = await authorizePreview(ctx, { ...input, need: 'developer' });
  const [reopened] = await ctx.db
    .update(previews)
    .set({ state: 'open', message: null, updatedAt: new Date() })
    .where(and(eq(previews.id, row.id), eq(previews.state, 'stopped')))
    .returning();
  if (!reopened) throw conflict(previewErrorTexts.notStopped);
  const settings = await settingsOf(ctx.db, source.id);
  await openPreview(ctx, { source, preview: reopened, settings, event: eventOf(reopened, source) });
  await noteEvent(ctx.db, source.id, previewEventTexts.restarted(row.number));
  await auditPreview(ctx, 'preview.restart', source, row.number);
  ctx.previews.wake();
  return presentPreviewById(ctx.db, row.id);
}

/** DELETE /previews/{id}: deleted now, as if its request were closed with no delay. */
export async function deletePreview(ctx: AppContext, input: { previewId: string; userId: string }) {
  const { row, source } = await authorizePreview(ctx, { ...input, need: 'developer' });
  await ctx.db
    .update(previews)
    .set({ state: 'closing', deleteAt: new Date(), reportDueAt: new Date(), updatedAt: new Date() })
    .where(eq(previews.id, row.id));
  ctx.previews.wake();
  await auditPreview(ctx, 'preview.delete', source, row.number);
}

/** In the project's audit log, on the source application (a preview is its pull request's). */
function auditPreview(
  ctx: AppContext,
  action: 'preview.approve' | 'preview.restart' | 'preview.delete',
  source: { id: string; projectId: string; nom: string },
  number: number,
) {
  return recordAudit(ctx.db, {
    projectId: source.projectId,
    action,
    target: { type: 'deployment', id: source.id, name: source.nom },
    details: { pull_request: number },
  });
}
