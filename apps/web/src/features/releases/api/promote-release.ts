import type { PromotionTarget } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deploymentQueryKey, releasesQueryKey } from '@/lib/deployment-cache-keys';

const path = (deploymentId: string) => `/deployments/${encodeURIComponent(deploymentId)}`;

/**
 * GET /deployments/{id}/promotion-targets: the project's code applications built from the same
 * repository in other environments, which can receive one of this application's releases.
 */
export const promotionTargetsQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: ['promotion-targets', deploymentId],
    queryFn: ({ signal }) =>
      api<PromotionTarget[]>(`${path(deploymentId)}/promotion-targets`, {
        signal,
        errorMessage: codeAppErrors.promotionTargetsLoad,
      }),
  });

/**
 * POST /deployments/{id}/releases/{releaseId}/promote → 202 { message }: the release's exact
 * image becomes a new release of the target, rolled out there health-gated.
 */
export function usePromoteRelease(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ releaseId, targetId }: { releaseId: string; targetId: string }) =>
      api<{ message: string }>(
        `${path(deploymentId)}/releases/${encodeURIComponent(releaseId)}/promote`,
        { method: 'POST', body: { deployment_id: targetId } },
      ),
    onSuccess: (_answer, { targetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releasesQueryKey(targetId) }),
        queryClient.invalidateQueries({ queryKey: deploymentQueryKey(targetId) }),
      ]),
  });
}
