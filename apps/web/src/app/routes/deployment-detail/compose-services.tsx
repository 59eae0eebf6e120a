import { useQuery } from '@tanstack/react-query';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { ComposeServicesCard } from '@/features/applications/components/compose-services-card';
import { metricsQueryOptions } from '@/features/metrics/api/get-metrics';

/**
 * The « Services » card of a Compose application with each service's live usage: the same
 * query as the « Ressources » card (one request for both).
 */
export function ComposeServices({
  deployment: d,
  compose,
}: {
  deployment: DeploymentDetail;
  compose: NonNullable<DeploymentDetail['compose']>;
}) {
  const metrics = useQuery(metricsQueryOptions(d.id));
  return <ComposeServicesCard compose={compose} pods={d.pods_status} metrics={metrics.data} />;
}
