import { useQuery } from '@tanstack/react-query';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { ComposeServicesCard } from '@/features/applications/components/compose-services-card';
import { metricsQueryOptions } from '@/features/metrics/api/get-metrics';
import { composeFromGit } from '@/lib/builds-from-git';

/**
 * The « Services » card of a Compose application with each service's live usage: the same
 * query as the « Ressources » card (one request for both), and where a file read from a Git
 * repository comes from (repository, branch, path).
 */
export function ComposeServices({
  deployment: d,
  compose,
}: {
  deployment: DeploymentDetail;
  compose: NonNullable<DeploymentDetail['compose']>;
}) {
  const metrics = useQuery(metricsQueryOptions(d.id));
  const repository =
    composeFromGit(d) && d.repo_url
      ? { url: d.repo_url, branch: d.git_branch, path: compose.chemin_compose }
      : undefined;
  return (
    <ComposeServicesCard
      compose={compose}
      pods={d.pods_status}
      metrics={metrics.data}
      repository={repository}
    />
  );
}
