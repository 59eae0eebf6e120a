import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Deployment } from './get-deployments';

/**
 * POST /deployments/{envId}/deploy/erp from the inline form. Failures are the caller's: a
 * quota refusal opens the 'Quota insuffisant' modal instead of a toast (SPEC §8).
 */
export function deployApplication({
  environmentId,
  body,
}: {
  environmentId: string;
  projectId: string;
  body: DeployErpInput;
}) {
  return api<Deployment>(`/deployments/${encodeURIComponent(environmentId)}/deploy/erp`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

export function useDeployApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployApplication,
    // The list shows the new application before the success toast; counts and usage follow.
    onSuccess: (_app, { environmentId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deployments', environmentId] }),
        queryClient.invalidateQueries({ queryKey: ['environments', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]),
  });
}
