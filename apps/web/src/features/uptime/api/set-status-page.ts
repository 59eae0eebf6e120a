import type { StatusPage } from '@nuage/shared/schemas/responses/uptime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statusPageQueryOptions } from './get-status-page';

/** PUT /projects/{id}/status-page (project admins). */
export function useSetStatusPage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api<StatusPage>(`/projects/${encodeURIComponent(projectId)}/status-page`, {
        method: 'PUT',
        body: { active },
        errorMessage: 'La page de statut n’a pas pu être modifiée',
      }),
    onSuccess: (data) => queryClient.setQueryData(statusPageQueryOptions(projectId).queryKey, data),
  });
}
