import type { MessageResponse } from '@nuage/shared/api-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment, deploymentQueryKey } from '@/lib/deployment-cache-keys';

/** DELETE /deployments/deployment/{id}: 202, then the engine removes it (DELETING, then 404). */
export function deleteDeployment(id: string) {
  return api<MessageResponse>(`/deployments/deployment/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    errorMessage: operationsErrors.deploymentDelete,
  });
}

export function useDeleteDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeployment,
    onSuccess: (_result, id) => {
      // The page is left: stop polling a detail that is about to become a 404.
      queryClient.removeQueries({ queryKey: deploymentQueryKey(id) });
      return invalidateDeployment(queryClient);
    },
  });
}
