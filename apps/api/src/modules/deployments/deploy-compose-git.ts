import type { Deployment } from '@nuage/shared/api-types';
import { composeTexts } from '@nuage/shared/messages/compose';
import {
  DEFAULT_COMPOSE_PATH,
  type ComposeGitSource,
  type DeployComposeInput,
} from '@nuage/shared/schemas/compose-deploy';
import type { AppContext } from '../../app-context';
import { DEFAULT_SERVICE_SIZE } from '../../engine/compose/parse-compose';
import { composeSettings } from '../../engine/specs/compose-settings';
import { placeholderSecretsSealed } from '../../engine/specs/sealed-secrets';
import type { AuthUser } from '../../http/credential-records';
import { unavailable } from '../../lib/errors';
import { buildImageName, enqueueBuild } from '../builds/queue';
import { BUILDER_UNAVAILABLE, projectGitToken, readRepository } from './deploy-code';
import { insertApplication } from './insert-application';
import { presentDeployment } from './presenter';
import { claimAddress } from './application-address';

const at = (...loc: string[]) => ['depot_git', ...loc];

/**
 * POST deploy/compose with `depot_git` (issue 30): the file is read from the repository by
 * each build, at the built commit, and its `build:` sections built then (builds/compose-build.ts).
 * Here the repository, branch and token are checked (their French errors at their fields), and
 * the first build queued; nothing runs before it gives the first release. Until then the
 * application reserves one service of the default size; each release then reserves its
 * file's sum (checked against the quota when it is recorded).
 */
export async function deployComposeFromGit(
  ctx: AppContext,
  input: {
    env: { id: string; nom: string; projectId: string };
    user: AuthUser;
    data: DeployComposeInput & { depot_git: ComposeGitSource };
  },
): Promise<Deployment & { build_id: string }> {
  if (!ctx.builds.builder) throw unavailable(BUILDER_UNAVAILABLE);
  const { env, data } = input;
  const git = data.depot_git;
  const repositoryUrl = git.repository_url.trim();
  const branch = git.git_branch ?? 'main';
  const tokenId = git.git_token_id?.trim() || null;
  const token = await projectGitToken(ctx, env.projectId, tokenId, at('git_token_id'));
  const { domain, certificate } = await claimAddress(ctx, {
    projectId: env.projectId,
    nom: data.nom,
    domain: data.nom_domaine,
    certificateId: data.certificat_tls_id?.trim() || null,
  });
  const commit = await readRepository(
    ctx,
    { repositoryUrl, branch, ...(token ? { token } : {}) },
    { branch: at('git_branch'), token: at('git_token_id'), url: at('repository_url') },
  );
  const resources = { ...DEFAULT_SERVICE_SIZE, storageMb: 0, replicas: 1 };
  const { row, buildId } = await insertApplication(
    ctx,
    {
      env,
      nom: data.nom,
      template: 'compose',
      domain,
      resources,
      values: (id) => ({
        category: 'CODE',
        sourceKind: 'compose',
        // Replaced by each release's; nothing runs before the first build succeeds.
        imageRegistryUrl: buildImageName(id),
        imageTag: 'build-1',
        certificateId: certificate?.id ?? null,
        repoUrl: repositoryUrl,
        gitBranch: branch,
        gitTokenId: tokenId,
        port: data.port,
        settings: composeSettings({
          exposedService: data.service_expose,
          services: [],
          volumes: [],
          composePath: git.chemin_compose ?? DEFAULT_COMPOSE_PATH,
        }),
        secretsSealed: placeholderSecretsSealed(ctx.secrets.secretsKey),
        createdBy: input.user.id,
        events: [{ at: new Date().toISOString(), message: composeTexts.gitDeployRequested }],
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
  ctx.log.info({ deploymentId: row.id, buildId }, 'compose deployment from git requested');
  ctx.builds.wake();
  return { ...presentDeployment(row), build_id: buildId };
}
