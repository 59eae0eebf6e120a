import type { Restauration } from '@nuage/shared/backup-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

export const RETRY_FAILED = 'La restauration n’a pas pu être relancée';

/**
 * POST /deployments/{id}/restore/retry: the backup that failed to load into this application
 * (created to receive it, held with no replica) is loaded again. The server's refusal (a
 * restore already running, the role) is the toast.
 */
export function retryRestore(deploymentId: string) {
  return api<{ message: string; restauration: Restauration }>(
    `/deployments/${encodeURIComponent(deploymentId)}/restore/retry`,
    { method: 'POST', errorMessage: RETRY_FAILED },
  );
}

export function useRetryRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRestore,
    onSuccess: () =>
      Promise.all([
        invalidateDeployment(queryClient),
        queryClient.invalidateQueries({ queryKey: ['backups'] }),
      ]),
  });
}
