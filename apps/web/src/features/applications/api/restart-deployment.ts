import { operationsErrors } from '@nuage/shared/operations-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

/** POST /deployments/deployment/{id}/sync: SPEC §4 "Restart triggers a sync then reloads". */
export function restartDeployment(id: string) {
  return api<DeploymentDetail>(`/deployments/deployment/${encodeURIComponent(id)}/sync`, {
    method: 'POST',
    errorMessage: operationsErrors.deploymentRestart,
  });
}

export function useRestartDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartDeployment,
    onSuccess: () => invalidateDeployment(queryClient),
  });
}
