import type { CodeSourceInput, CodeSourceResult } from '@nuage/shared/schemas/code-source';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { SourceError, type ResolvedCommit } from '../../engine/builds/builder';
import { conflict, FieldValidationError, unavailable } from '../../lib/errors';
import { BUILDER_UNAVAILABLE, projectGitToken } from '../deployments/deploy-code';
import { withEvent } from '../../db/deployment-events';
import {
  APPLICATION_DELETING,
  authorizeBuiltApplication,
  lockLiveApplication,
} from './application-builds';
import { enqueueBuild } from './queue';
import { buildEventTexts } from '@nuage/shared/messages/builds';
import { composeTexts } from '@nuage/shared/messages/compose';
import { composeSettings, composeSettingsOf } from '../../engine/specs/compose-settings';

type Row = typeof deployments.$inferSelect;

const fieldError = (field: string, msg: string, type: string) =>
  new FieldValidationError([{ loc: ['body', field], msg, type }]);

/** The builder's French reason, on the field of the modal it is about. */
const FIELD_OF: Record<SourceError['code'], keyof CodeSourceInput> = {
  branch: 'git_branch',
  auth: 'git_token_id',
  unreachable: 'repository_url',
  'invalid-url': 'repository_url',
};

const sameArgs = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

/** The exposed service a Compose application's next release serves. */
const exposedOf = (row: Row) => {
  const c = composeSettingsOf(row.settings);
  return c.requestedExposedService ?? c.exposedService;
};

const unchanged = (row: Row, next: CodeSourceInput) =>
  (next.service_expose === undefined || next.service_expose === exposedOf(row)) &&
  row.repoUrl === next.repository_url &&
  row.gitBranch === next.git_branch &&
  (row.gitTokenId ?? null) === next.git_token_id &&
  (row.port ?? null) === next.port &&
  sameArgs(row.buildArgs ?? {}, next.build_args);

const resultOf = (row: Row, buildId: string | null): CodeSourceResult => ({
  repository_url: row.repoUrl ?? '',
  git_branch: row.gitBranch ?? 'main',
  git_token_id: row.gitTokenId,
  build_args: row.buildArgs ?? {},
  port: row.port,
  ...(row.sourceKind === 'compose' ? { service_expose: exposedOf(row) } : {}),
  build_id: buildId,
});

/**
 * PUT /deployments/{id}/source (a code application, or a Compose file read from its repository,
 * whose `port` is the exposed service's): the repository is read first (with the chosen token), so a
 * wrong token, a missing branch or an unreachable repository is refused with nothing written;
 * then the new source is stored and a build of its head queued ('redeploy'). The running
 * release keeps serving until that build succeeds.
 */
export async function updateCodeSource(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; data: CodeSourceInput },
): Promise<CodeSourceResult> {
  const d = await authorizeBuiltApplication(ctx, { ...input, need: 'developer' });
  if (d.desiredState === 'absent') throw conflict(APPLICATION_DELETING);
  // A Compose application's port is its exposed service's: kept when none is given.
  const next =
    d.sourceKind === 'compose' ? { ...input.data, port: input.data.port ?? d.port } : input.data;
  if (d.sourceKind !== 'compose' && next.service_expose !== undefined)
    throw fieldError('service_expose', composeTexts.exposedServiceNotCompose, 'compose');
  // A Compose file's services take their arguments from its `build.args`.
  if (d.sourceKind === 'compose' && Object.keys(next.build_args).length > 0)
    throw fieldError('build_args', composeTexts.buildArgsInFile, 'compose');
  if (unchanged(d, next)) return resultOf(d, null);
  if (!ctx.builds.builder) throw unavailable(BUILDER_UNAVAILABLE);

  const token = await projectGitToken(ctx, d.projectId, next.git_token_id, ['git_token_id']);
  let commit: ResolvedCommit;
  try {
    commit = await ctx.builds.builder.resolveCommit({
      repositoryUrl: next.repository_url,
      branch: next.git_branch,
      ...(token ? { token } : {}),
    });
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    if (err.code === 'unreachable')
      ctx.log.info({ reason: String((err.cause as Error | undefined)?.message) }, err.message);
    throw fieldError(FIELD_OF[err.code], err.message, `repository_${err.code}`);
  }

  const { row, buildId } = await ctx.db.transaction(async (tx) => {
    await lockLiveApplication(tx, d.id);
    const [updated] = await tx
      .update(deployments)
      .set({
        repoUrl: next.repository_url,
        gitBranch: next.git_branch,
        gitTokenId: next.git_token_id,
        buildArgs: next.build_args,
        port: next.port,
        // A Compose application's exposed service changes with the release this build makes.
        ...(d.sourceKind === 'compose' && next.service_expose !== undefined
          ? {
              settings: composeSettings({
                ...composeSettingsOf(d.settings),
                requestedExposedService: next.service_expose,
              }),
            }
          : {}),
        events: withEvent(buildEventTexts.sourceChanged),
        updatedAt: new Date(),
      })
      .where(eq(deployments.id, d.id))
      .returning();
    const build = await enqueueBuild(tx, {
      deployment: updated!,
      trigger: 'redeploy',
      runtime: ctx.engine.runtime,
      commit,
    });
    return { row: updated!, buildId: build.id };
  });
  ctx.log.info({ deploymentId: d.id, buildId }, 'code source changed');
  ctx.builds.wake();
  return resultOf(row, buildId);
}
