import type { DestinationSauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import type { BackupDestinationInput, BackupScheduleInput } from '@nuage/shared/schemas/backups';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /deployments/{id}/backup-schedule (developers). */
export function useUpdateBackupSchedule(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupScheduleInput) =>
      api<SauvegardesApplication>(
        `/deployments/${encodeURIComponent(deploymentId)}/backup-schedule`,
        { method: 'PUT', body, errorMessage: 'La planification n’a pas pu être enregistrée' },
      ),
    onSuccess: (data) => queryClient.setQueryData(['backups', deploymentId], data),
  });
}

/** GET /projects/{id}/backup-destination (project admins; the secret key never comes back). */
export const backupDestinationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['backup-destination', projectId],
    queryFn: ({ signal }) =>
      api<{ destination: DestinationSauvegarde | null }>(
        `/projects/${encodeURIComponent(projectId)}/backup-destination`,
        { signal, errorMessage: 'La destination S3 n’a pas pu être lue' },
      ),
  });

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
