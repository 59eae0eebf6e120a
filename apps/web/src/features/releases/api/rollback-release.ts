import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buildsQueryKey, deploymentQueryKey, releasesQueryKey } from '@/lib/deployment-cache-keys';

/**
 * POST /deployments/{id}/releases/{releaseId}/rollback → 202 { message }: that release's exact
 * image and configuration, health-gated (the serving release stays until the new one is ready).
 */
export function rollbackRelease(deploymentId: string, releaseId: string) {
  return api<{ message: string }>(
    `/deployments/${encodeURIComponent(deploymentId)}/releases/${encodeURIComponent(releaseId)}/rollback`,
    { method: 'POST' },
  );
}

export function useRollbackRelease(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (releaseId: string) => rollbackRelease(deploymentId, releaseId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releasesQueryKey(deploymentId) }),
        queryClient.invalidateQueries({ queryKey: buildsQueryKey(deploymentId) }),
        queryClient.invalidateQueries({ queryKey: deploymentQueryKey(deploymentId) }),
      ]),
  });
}
