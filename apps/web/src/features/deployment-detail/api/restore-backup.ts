import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RestoreRequest {
  deploymentId: string;
  backupId: string;
  /** Another application of the same template; absent: this one. */
  targetId?: string;
}

/** POST /deployments/{id}/backups/{backupId}/restore, confirmed by the user. */
export function restoreBackup(r: RestoreRequest) {
  return api<{ message: string }>(
    `/deployments/${encodeURIComponent(r.deploymentId)}/backups/${encodeURIComponent(r.backupId)}/restore`,
    {
      method: 'POST',
      body: { confirmation: true, ...(r.targetId ? { application_cible_id: r.targetId } : {}) },
      errorMessage: 'La restauration n’a pas pu être lancée',
    },
  );
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['backups'] }),
  });
}
