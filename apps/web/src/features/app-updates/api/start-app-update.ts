import type { ApplicationUpdate } from '@nuage/shared/schemas/responses/app-updates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

export const UPDATE_FAILED = 'La mise à jour n’a pas pu être lancée';

/**
 * POST /deployments/{id}/update → 202 { message, mise_a_jour }: a backup, then the new version
 * rolled out health-gated (the server's refusals — no update, busy, quota — come back as errors).
 */
export function startAppUpdate(deploymentId: string) {
  return api<{ message: string; mise_a_jour: ApplicationUpdate }>(
    `/deployments/${encodeURIComponent(deploymentId)}/update`,
    { method: 'POST', errorMessage: UPDATE_FAILED },
  );
}

export function useStartAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAppUpdate,
    onSuccess: () =>
      Promise.all([
        invalidateDeployment(queryClient),
        // The backup taken first shows in the application's backups.
        queryClient.invalidateQueries({ queryKey: ['backups'] }),
      ]),
  });
}
