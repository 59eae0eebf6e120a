import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/** POST /databases/{id}/restart. */
export function restartDatabase(id: string) {
  return api<{ message: string }>(`/databases/${encodeURIComponent(id)}/restart`, {
    method: 'POST',
    errorMessage: t.actionError,
  });
}

/**
 * DELETE /databases/{id}: refused (409) while applications are linked to it. With
 * `finalBackup`, the API answers once the backup is started and deletes the database only once
 * that backup succeeded; a refusal before it (stopped, no destination) comes back in a toast,
 * a failure of the backup itself in the database's events and the backups' failure notice.
 */
export function deleteDatabase(input: { id: string; finalBackup: boolean }) {
  const query = input.finalBackup ? '?sauvegarde_finale=true' : '';
  return api<{ message: string }>(`/databases/${encodeURIComponent(input.id)}${query}`, {
    method: 'DELETE',
    errorMessage: t.actionError,
  });
}

export function useRestartDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartDatabase,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}

export function useDeleteDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDatabase,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}

/** POST /databases/{id}/stop or /start: nothing runs while stopped, its data stays. */
export function setDatabaseRunning(input: { id: string; running: boolean }) {
  return api<{ message: string }>(
    `/databases/${encodeURIComponent(input.id)}/${input.running ? 'start' : 'stop'}`,
    { method: 'POST', errorMessage: t.actionError },
  );
}

export function useSetDatabaseRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDatabaseRunning,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}
