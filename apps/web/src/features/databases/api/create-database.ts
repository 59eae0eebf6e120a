import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { CreateDatabaseInput } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/** POST /environments/{envId}/databases. */
export function createDatabase(input: { environmentId: string; data: CreateDatabaseInput }) {
  return api<DatabaseResource>(
    `/environments/${encodeURIComponent(input.environmentId)}/databases`,
    { method: 'POST', body: input.data, errorMessage: t.actionError },
  );
}

export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatabase,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}
