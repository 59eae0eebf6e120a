import type { DeploymentDetail } from '../api/get-deployment';
import { BuildsCard } from './builds-card';
import { EnvVarsCard } from './env-vars-card';
import { ReleasesCard } from './releases-card';
import { SourceCard } from './source-card';
import { WebhookCard } from './webhook-card';

/** What a code application's page adds (issue 13): source, builds, releases, variables, webhook. */
export function CodeAppSections({
  deployment,
  canManage,
}: {
  deployment: DeploymentDetail;
  canManage: boolean;
}) {
  return (
    <>
      <SourceCard deployment={deployment} canManage={canManage} />
      <BuildsCard deploymentId={deployment.id} canManage={canManage} />
      <ReleasesCard
        deploymentId={deployment.id}
        canManage={canManage}
        rolloutState={[
          deployment.current_release?.id ?? 'none',
          deployment.rollout_pending ? 'pending' : 'settled',
          deployment.rollout_error ?? '',
        ].join('|')}
      />
      <EnvVarsCard deploymentId={deployment.id} canManage={canManage} />
      <WebhookCard deploymentId={deployment.id} canManage={canManage} />
    </>
  );
}
