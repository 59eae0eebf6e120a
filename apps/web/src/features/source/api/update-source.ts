import type { CodeSourceInput, CodeSourceResult } from '@nuage/shared/schemas/code-source';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deploymentQueryKey, buildsQueryKey } from '@/lib/deployment-cache-keys';

/**
 * PUT /deployments/{id}/source: the repository is read before anything is stored (422 at the
 * field it is about); a change queues a build of the new branch's head.
 */
export function updateSource(deploymentId: string, body: CodeSourceInput) {
  return api<CodeSourceResult>(`/deployments/${encodeURIComponent(deploymentId)}/source`, {
    method: 'PUT',
    body,
    // 422 details are shown at the fields by the modal.
    errorMessage: false,
  });
}

export function useUpdateSource(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeSourceInput) => updateSource(deploymentId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deploymentQueryKey(deploymentId) }),
        queryClient.invalidateQueries({ queryKey: buildsQueryKey(deploymentId) }),
      ]),
  });
}
