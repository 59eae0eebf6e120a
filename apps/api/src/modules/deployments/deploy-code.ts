import type { Deployment } from '@nuage/shared/api-types';
import { codeTemplateIds, type CodeTemplateId } from '@nuage/shared/catalog';
import { toMilli } from '@nuage/shared/quantities';
import type { deployCodeSchema } from '@nuage/shared/schemas/deployments';
import type { z } from 'zod/mini';
import type { AppContext } from '../../app-context';
import { SourceError, type ResolvedCommit } from '../../engine/builds/builder';
import type { AuthUser } from '../../http/credential-records';
import { conflict, FieldValidationError, unavailable } from '../../lib/errors';
import { enqueueBuild, buildImageName } from '../builds/queue';
import { authorizeEnvironment } from '../environments/service';
import { unsealGitToken } from '../git-tokens/service';
import { ENVIRONMENT_DELETING } from './deploy';
import { storeEnvVars } from './env-vars-store';
import { presentDeployment } from './presenter';
import { insertApplication } from './insert-application';
import { placeholderSecretsSealed } from '../../engine/specs/sealed-secrets';
import { deploymentErrorTexts, deploymentEventTexts } from '@nuage/shared/messages/deployments';
import { claimAddress } from './application-address';

export type DeployCodeInput = z.infer<typeof deployCodeSchema>;

/** Code applications get one small volume (`/data`), counted in the project's storage quota. */
export const CODE_STORAGE_MB = 1000;
export const BUILDER_UNAVAILABLE = deploymentErrorTexts.builderUnavailable;
export const GIT_TOKEN_UNKNOWN = deploymentErrorTexts.gitTokenUnknown;
export const CODE_TYPE_UNKNOWN = deploymentErrorTexts.codeTypeUnknown;

const fieldError = (loc: (string | number)[], msg: string, type: string) =>
  new FieldValidationError([{ loc: ['body', ...loc], msg, type }]);

/** The wizard's template (a detection hint); the inline form's 'CODE' leaves detection alone. */
function codeTemplateOf(type: string | undefined): CodeTemplateId | null {
  const t = (type ?? '').trim().toLowerCase();
  if (t === '' || t === 'code') return null;
  if ((codeTemplateIds as readonly string[]).includes(t)) return t as CodeTemplateId;
  throw fieldError(['type_application'], CODE_TYPE_UNKNOWN, 'unknown');
}

/**
 * The project's Git token `tokenId` in clear, for reading a private repository (null when none
 * is asked); a token the project does not have is refused in French at `loc` of the body.
 */
export async function projectGitToken(
  ctx: AppContext,
  projectId: string,
  tokenId: string | null,
  loc: string[],
): Promise<string | null> {
  if (!tokenId) return null;
  const token = await unsealGitToken(ctx.db, ctx.secrets.secretsKey, { projectId, tokenId });
  if (token === null) throw fieldError(loc, GIT_TOKEN_UNKNOWN, 'unknown');
  return token;
}

/** Reads the repository before anything is written: its French reason on the field it is about. */
export async function readRepository(
  ctx: AppContext,
  source: { repositoryUrl: string; branch: string; token?: string },
  /** Where the fields are in the body (deploy/compose nests them under `depot_git`). */
  fields: { branch: string[]; token: string[]; url: string[] } = {
    branch: ['git_branch'],
    token: ['repository_access', 'git_token_id'],
    url: ['repo_url'],
  },
): Promise<ResolvedCommit> {
  try {
    return await ctx.builds.builder!.resolveCommit(source);
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    // The user gets one text for every network failure; the operator's log keeps the reason.
    if (err.code === 'unreachable')
      ctx.log.info({ reason: String((err.cause as Error | undefined)?.message) }, err.message);
    const loc =
      err.code === 'branch' ? fields.branch : err.code === 'auth' ? fields.token : fields.url;
    throw fieldError(loc, err.message, `repository_${err.code}`);
  }
}

/** POST /deployments/{envId}/deploy/code: checked, the repository read, then the first build queued. */
export async function deployCode(
  ctx: AppContext,
  input: { environmentId: string; user: AuthUser; data: DeployCodeInput },
): Promise<Deployment & { build_id: string }> {
  const env = await authorizeEnvironment(ctx.db, {
    environmentId: input.environmentId,
    userId: input.user.id,
    need: 'developer',
  });
  if (env.status === 'deleting') throw conflict(ENVIRONMENT_DELETING);
  if (!ctx.builds.builder) throw unavailable(BUILDER_UNAVAILABLE);
  const data = input.data;
  const template = codeTemplateOf(data.type_application);
  const repositoryUrl = (data.repository_access?.repository_url ?? data.repo_url ?? '').trim();
  const branch = data.git_branch ?? 'main';
  const tokenId = data.repository_access?.git_token_id?.trim() || null;
  const token = await projectGitToken(ctx, env.projectId, tokenId, [
    'repository_access',
    'git_token_id',
  ]);
  const envVars = storeEnvVars(
    ctx.secrets.secretsKey,
    data.env_vars ?? [],
    [],
    ['body', 'env_vars'],
  );
  const { domain, certificate } = await claimAddress(ctx, {
    projectId: env.projectId,
    nom: data.nom,
    domain: data.nom_domaine,
    certificateId: data.certificat_tls_id?.trim() || null,
  });
  const commit = await readRepository(ctx, { repositoryUrl, branch, ...(token ? { token } : {}) });

  const resources = {
    cpuMilli: toMilli(data.cpu),
    ramMb: toMilli(data.ram),
    storageMb: CODE_STORAGE_MB,
    replicas: data.replicas,
  };
  const { row, buildId } = await insertApplication(
    ctx,
    {
      env,
      nom: data.nom,
      template: template ?? 'code',
      domain,
      resources,
      values: (id) => ({
        category: 'CODE',
        sourceKind: 'code',
        // Replaced by each release's image; nothing runs before the first build succeeds.
        imageRegistryUrl: buildImageName(id),
        imageTag: 'build-1',
        helmChartVersion: data.helm_chart_version?.trim() || '1.0.0',
        certificateId: certificate?.id ?? null,
        repoUrl: repositoryUrl,
        gitBranch: branch,
        gitTokenId: tokenId,
        buildArgs: data.build_args ?? {},
        port: data.port ?? null,
        envVars,
        settings: {},
        secretsSealed: placeholderSecretsSealed(ctx.secrets.secretsKey),
        createdBy: input.user.id,
        events: [
          {
            at: new Date().toISOString(),
            message: deploymentEventTexts.codeDeployRequested,
          },
        ],
      }),
    },
    async (tx, created) => {
      const build = await enqueueBuild(tx, {
        deployment: created,
        trigger: 'deploy',
        runtime: ctx.engine.runtime,
        commit,
      });
      return { row: created, buildId: build.id };
    },
  );
  ctx.log.info({ deploymentId: row.id, buildId }, 'code deployment requested');
  ctx.builds.wake();
  return { ...presentDeployment(row), build_id: buildId };
}
