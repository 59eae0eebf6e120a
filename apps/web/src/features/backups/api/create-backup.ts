import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /deployments/{id}/backups: « Sauvegarder maintenant » (answers at once, runs after). */
export function createBackup(deploymentId: string) {
  return api<{ message: string }>(`/deployments/${encodeURIComponent(deploymentId)}/backups`, {
    method: 'POST',
    errorMessage: 'La sauvegarde n’a pas pu être lancée',
  });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSuccess: (_data, deploymentId) =>
      queryClient.invalidateQueries({ queryKey: ['backups', deploymentId] }),
  });
}
