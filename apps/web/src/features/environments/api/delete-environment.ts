import type { MessageResponse } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEnvironments } from './invalidate';

/** Deletes the environment and every application in it. */
export function deleteEnvironment({ environmentId }: { environmentId: string; projectId: string }) {
  return api<MessageResponse>(`/environments/${encodeURIComponent(environmentId)}`, {
    method: 'DELETE',
    errorMessage: projectErrors.environmentDelete,
  });
}

export function useDeleteEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnvironment,
    onSuccess: (_result, { projectId }) => invalidateEnvironments(queryClient, projectId),
  });
}
