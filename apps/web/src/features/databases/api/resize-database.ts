import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { ResizeDatabaseInput } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/** PUT /databases/{id}/resources: CPU and RAM within the quota, storage only up. */
export function resizeDatabase(input: { id: string; data: ResizeDatabaseInput }) {
  return api<DatabaseResource>(`/databases/${encodeURIComponent(input.id)}/resources`, {
    method: 'PUT',
    body: input.data,
    errorMessage: t.actionError,
  });
}

export function useResizeDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resizeDatabase,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}
