import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import type { BackupScheduleInput } from '@nuage/shared/schemas/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
