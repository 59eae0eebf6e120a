import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/** PUT /databases/{id}/version: a newer version of the same major, on the same data. */
export function upgradeDatabase(input: { id: string; version: string }) {
  return api<DatabaseResource>(`/databases/${encodeURIComponent(input.id)}/version`, {
    method: 'PUT',
    body: { version: input.version },
    errorMessage: t.actionError,
  });
}

export function useUpgradeDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeDatabase,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}
