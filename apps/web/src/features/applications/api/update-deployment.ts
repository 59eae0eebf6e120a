import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import type { UpdateDeploymentInput } from '@nuage/shared/schemas/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

/**
 * PUT /deployments/deployment/{id}: the edit modal and scaling. Failures are the caller's to
 * show: a quota refusal (400 with the quota object) opens 'Quota insuffisant', not a toast.
 */
export function updateDeployment({
  deploymentId,
  data,
}: {
  deploymentId: string;
  data: UpdateDeploymentInput;
}) {
  return api<DeploymentDetail>(`/deployments/deployment/${encodeURIComponent(deploymentId)}`, {
    method: 'PUT',
    body: data,
    errorMessage: false,
  });
}

export function useUpdateDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeployment,
    onSuccess: () => invalidateDeployment(queryClient),
  });
}
