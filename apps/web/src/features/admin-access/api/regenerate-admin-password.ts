import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

/** POST …/admin-password/regenerate: a new password, applied in the application by the engine. */
export function regenerateAdminPassword(input: { deploymentId: string; motDePasse: string }) {
  return api<{ message: string }>(
    `/deployments/deployment/${encodeURIComponent(input.deploymentId)}/admin-password/regenerate`,
    {
      method: 'POST',
      body: { mot_de_passe: input.motDePasse },
      errorMessage: false,
    },
  );
}

export function useRegenerateAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateAdminPassword,
    onSuccess: () => invalidateDeployment(queryClient),
  });
}
