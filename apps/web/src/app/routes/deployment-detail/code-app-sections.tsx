import { BuildsCard } from '@/features/builds/components/builds-card';
import { EnvVarsCard } from '@/features/env-vars/components/env-vars-card';
import { PreviewsCard } from '@/features/previews/components/previews-card';
import { ReleasesCard } from '@/features/releases/components/releases-card';
import { SourceCard } from '@/features/source/components/source-card';
import { WebhookCard } from '@/features/source/components/webhook-card';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

/**
 * What a code application's page adds (issue 13): source, builds, releases, variables, webhook,
 * and the previews of its pull requests (issue 26). A Compose application built from its
 * repository has them all but the variables and the previews: its file carries its own
 * variables, and previews are built for code applications only.
 */
export function CodeAppSections({
  deployment,
  canManage,
  isProjectAdmin,
}: {
  deployment: DeploymentDetail;
  canManage: boolean;
  isProjectAdmin: boolean;
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
      {deployment.source_kind === 'code' && (
        <EnvVarsCard deploymentId={deployment.id} canManage={canManage} />
      )}
      <WebhookCard deploymentId={deployment.id} canManage={canManage} />
      {/* After the webhook card: the card's hint sends the reader up to it. */}
      {deployment.source_kind === 'code' && (
        <PreviewsCard
          deploymentId={deployment.id}
          projectId={deployment.projet_id}
          canManage={canManage}
          isProjectAdmin={isProjectAdmin}
        />
      )}
    </>
  );
}
