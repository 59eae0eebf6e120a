import { previewReportTexts } from '@nuage/shared/messages/previews';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { previews } from '../../db/schema/previews';
import { bareHost, resolveDestination } from '../../lib/network/guarded-lookup';
import { unsealGitToken } from '../git-tokens/service';
import { defaultApiUrl, reporterFor } from './git-host';
import { GitHostError, type PullRequestTarget } from './git-host/types';
import { presentPreview } from './presenter';
import { previewFacts, type PreviewRow } from './preview-state';
import { commentOf, commitStatusOf, FINAL_STATES } from './report-text';
import { settingsOf } from './settings-store';

/** While building or deploying, the state is read again this often. */
export const WATCH_MS = 5_000;
/** A refused report is tried again later, at most this many times (then given up, logged). */
const MAX_ATTEMPTS = 8;

/**
 * Tells the Git host where the preview stands: the commit status and the request's one
 * comment, rewritten in place. A state already reported is not sent again; a state that will
 * still change (building, deploying) is read again in WATCH_MS. The token is the one the
 * settings name, else the application's own; none means no report (the page still shows it).
 */
export async function reportPreview(ctx: AppContext, row: PreviewRow, now: Date): Promise<void> {
  const [facts] = await previewFacts(ctx.db, [row]);
  const preview = presentPreview(facts!);
  const final = FINAL_STATES.includes(preview.etat);
  const key = `${preview.etat}:${row.headSha}`;
  const next = (reportDueAt: Date | null, set: Partial<PreviewRow> = {}) =>
    ctx.db
      .update(previews)
      .set({ reportDueAt, ...set })
      .where(eq(previews.id, row.id));
  const later = final ? null : new Date(now.getTime() + WATCH_MS);
  if (key === row.reported) return void (await next(later));

  const target = await targetOf(ctx, row);
  if (!target) {
    ctx.log.info({ previewId: row.id }, 'preview report skipped: no token or API address');
    return void (await next(later, { reported: key }));
  }
  try {
    const reporter = reporterFor(row.provider);
    await reporter.setCommitStatus(target, commitStatusOf(preview, ctx.config.publicUrl));
    const { commentId } = await reporter.upsertComment(target, {
      body: commentOf(preview, ctx.config.publicUrl, now),
      commentId: row.commentId,
    });
    await next(later, { reported: key, commentId, reportAttempts: 0 });
  } catch (err) {
    if (!(err instanceof GitHostError)) throw err;
    const attempts = row.reportAttempts + 1;
    ctx.log.warn(
      { previewId: row.id, status: err.status, attempts },
      previewReportTexts.reportFailed(err.status),
    );
    // 20 s, 40 s, 80 s… then given up: the page keeps the state.
    const retry = attempts < MAX_ATTEMPTS ? new Date(now.getTime() + 10_000 * 2 ** attempts) : null;
    await next(retry, { reportAttempts: attempts });
  }
}

/** The request on its host with the token in clear, or null when it cannot be reported. */
async function targetOf(ctx: AppContext, row: PreviewRow): Promise<PullRequestTarget | null> {
  const [source] = await ctx.db
    .select({ repoUrl: deployments.repoUrl, gitTokenId: deployments.gitTokenId })
    .from(deployments)
    .where(eq(deployments.id, row.sourceDeploymentId));
  if (!source) return null;
  const settings = await settingsOf(ctx.db, row.sourceDeploymentId);
  const tokenId = settings.statusTokenId ?? source.gitTokenId;
  const apiUrl = settings.apiUrl ?? defaultApiUrl(row.provider, source.repoUrl ?? '');
  if (!tokenId || !apiUrl) return null;
  const token = await unsealGitToken(ctx.db, ctx.secrets.secretsKey, {
    projectId: row.projectId,
    tokenId,
  });
  if (!token) return null;
  // The host's address obeys the same rule as a repository's (GIT_ALLOW_PRIVATE_HOSTS): a
  // project must not make the platform call its own network.
  try {
    await resolveDestination(bareHost(new URL(apiUrl)), {
      allowPrivate: ctx.config.builds.allowPrivateGitHosts,
    });
  } catch (err) {
    throw new GitHostError(`API address refused: ${(err as Error).message}`, 'network');
  }
  return {
    provider: row.provider,
    apiUrl,
    repository: row.repository,
    number: row.number,
    headSha: row.headSha,
    token,
  };
}
