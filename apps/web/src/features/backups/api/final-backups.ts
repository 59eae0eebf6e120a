import type { RestoreFinalBackupBody } from '@nuage/shared/schemas/final-backups';
import type {
  FinalBackup,
  FinalRestoreStarted,
} from '@nuage/shared/schemas/responses/final-backups';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/final-backups`;

export const finalBackupsKey = (projectId: string) => ['final-backups', projectId] as const;

/** GET /projects/{id}/final-backups: the deleted databases' final backups, newest first. */
export const finalBackupsQuery = (projectId: string) =>
  queryOptions({
    queryKey: finalBackupsKey(projectId),
    queryFn: ({ signal }) =>
      api<FinalBackup[]>(base(projectId), {
        signal,
        // A card shown only when there is something to show: no toast for a list that failed.
        errorMessage: false,
      }),
  });

/** POST …/{backupId}/restore (developers): a new database receives it; 422 and quota in the dialog. */
export function useRestoreFinalBackup(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ backupId, body }: { backupId: string; body: RestoreFinalBackupBody }) =>
      api<FinalRestoreStarted>(`${base(projectId)}/${encodeURIComponent(backupId)}/restore`, {
        method: 'POST',
        body,
        errorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['databases'] }),
  });
}

/** DELETE …/{backupId} (administrators): its copies, then the entry. */
export function useDeleteFinalBackup(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backupId: string) =>
      api<null>(`${base(projectId)}/${encodeURIComponent(backupId)}`, {
        method: 'DELETE',
        errorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: finalBackupsKey(projectId) }),
  });
}
