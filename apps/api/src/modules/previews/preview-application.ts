import { deploymentEventTexts } from '@nuage/shared/messages/deployments';
import { previewEventTexts } from '@nuage/shared/messages/previews';
import type { AppContext } from '../../app-context';
import type { deployments, StoredEnvVar } from '../../db/schema/deployments';
import type { environments } from '../../db/schema/environments';
import { placeholderSecretsSealed } from '../../engine/specs/sealed-secrets';
import { buildImageName, enqueueBuild } from '../builds/queue';
import { CODE_STORAGE_MB } from '../deployments/deploy-code';
import { insertApplication } from '../deployments/insert-application';
import type { PullRequestEvent } from './pull-request-event';
import type { PreviewSettingsRow } from './settings-store';

type DeploymentRow = typeof deployments.$inferSelect;
type EnvironmentRow = typeof environments.$inferSelect;

/**
 * The variables a preview runs: the application's own with the previews' replacing or adding
 * to them; none at all for a fork's request until an admin approves it (a stranger's code
 * must not read the project's secrets).
 */
export function previewVariables(
  source: DeploymentRow,
  settings: PreviewSettingsRow,
  trusted: boolean,
): StoredEnvVar[] {
  if (!trusted) return [];
  const overridden = new Set(settings.envVars.map((v) => v.name));
  return [...source.envVars.filter((v) => !overridden.has(v.name)), ...settings.envVars];
}

/**
 * The preview's application in its environment, as the source application but one instance
 * of the size the admin chose, following the request's branch (a fork's own repository,
 * without the project's token), and its first build, of the request's head commit: all in one
 * transaction, the project's quota checked under its lock (insert-application.ts).
 */
export async function insertPreviewApplication(
  ctx: AppContext,
  input: {
    source: DeploymentRow;
    env: EnvironmentRow;
    settings: PreviewSettingsRow;
    event: PullRequestEvent;
    trusted: boolean;
  },
) {
  const { source, env, settings, event } = input;
  return insertApplication(
    ctx,
    {
      env,
      nom: source.nom,
      template: source.template,
      domain: null,
      resources: {
        cpuMilli: settings.cpuMilli,
        ramMb: settings.ramMb,
        storageMb: CODE_STORAGE_MB,
        replicas: 1,
      },
      values: (id) => ({
        category: 'CODE',
        sourceKind: 'code',
        imageRegistryUrl: buildImageName(id),
        imageTag: 'build-1',
        helmChartVersion: source.helmChartVersion,
        certificateId: null,
        repoUrl: event.fromFork ? event.headRepositoryUrl : source.repoUrl,
        gitBranch: event.headBranch,
        gitTokenId: event.fromFork ? null : source.gitTokenId,
        // Build arguments may carry secrets too: none for an untrusted fork.
        buildArgs: input.trusted ? source.buildArgs : {},
        port: source.port,
        envVars: previewVariables(source, settings, input.trusted),
        settings: {},
        secretsSealed: placeholderSecretsSealed(ctx.secrets.secretsKey),
        createdBy: source.createdBy,
        events: [
          { at: new Date().toISOString(), message: deploymentEventTexts.codeDeployRequested },
          ...(event.fromFork && !input.trusted
            ? [{ at: new Date().toISOString(), message: previewEventTexts.fork }]
            : []),
        ],
      }),
    },
    async (tx, created) => {
      const build = await enqueueBuild(tx, {
        deployment: created,
        trigger: 'webhook',
        runtime: ctx.engine.runtime,
        commit: { sha: event.headSha, message: event.title },
      });
      return { application: created, buildId: build.id };
    },
  );
}
