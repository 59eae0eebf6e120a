import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buildsQueryKey } from '@/lib/deployment-cache-keys';

/** POST /deployments/{id}/redeploy → 202 { build_id }: builds the branch's head. */
export function redeploy(deploymentId: string) {
  return api<{ build_id: string }>(`/deployments/${encodeURIComponent(deploymentId)}/redeploy`, {
    method: 'POST',
  });
}

export function useRedeploy(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => redeploy(deploymentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildsQueryKey(deploymentId) }),
  });
}
