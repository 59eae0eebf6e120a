import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { LinkDatabaseBody } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';
import { invalidateDatabases } from './databases-query';

/** POST /databases/{id}/links: the application restarts with the connection string. */
export function linkApplication(input: { id: string; body: LinkDatabaseBody }) {
  return api<DatabaseResource>(`/databases/${encodeURIComponent(input.id)}/links`, {
    method: 'POST',
    body: input.body,
    errorMessage: t.actionError,
  });
}

/** DELETE /databases/{id}/links/{applicationId}: the application restarts without it. */
export function unlinkApplication(input: { id: string; applicationId: string }) {
  return api<DatabaseResource>(
    `/databases/${encodeURIComponent(input.id)}/links/${encodeURIComponent(input.applicationId)}`,
    { method: 'DELETE', errorMessage: t.actionError },
  );
}

function useLinkMutation<I>(fn: (input: I) => Promise<DatabaseResource>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await invalidateDatabases(queryClient);
      await invalidateDeployment(queryClient);
    },
  });
}

export const useLinkApplication = () => useLinkMutation(linkApplication);
export const useUnlinkApplication = () => useLinkMutation(unlinkApplication);
