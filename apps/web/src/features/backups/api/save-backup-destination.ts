import type { DestinationSauvegarde } from '@nuage/shared/backup-types';
import type { BackupDestinationInput } from '@nuage/shared/schemas/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PUT /projects/{id}/backup-destination, or DELETE when the admin removes it (project admins;
 * the secret key is sent, never read back).
 */
export function useSaveBackupDestination(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BackupDestinationInput | null): Promise<void> => {
      await (body
        ? api<{ destination: DestinationSauvegarde }>(
            `/projects/${encodeURIComponent(projectId)}/backup-destination`,
            { method: 'PUT', body, errorMessage: 'La destination S3 n’a pas été enregistrée' },
          )
        : api<void>(`/projects/${encodeURIComponent(projectId)}/backup-destination`, {
            method: 'DELETE',
            errorMessage: 'La destination S3 n’a pas été retirée',
          }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['backup-destination', projectId] });
      void queryClient.invalidateQueries({ queryKey: ['backups'] });
    },
  });
}
