import { previewWebTexts } from '@nuage/shared/messages/previews';
import type { Preview } from '@nuage/shared/schemas/responses/previews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { previewsQueryKey } from './get-previews';

/** POST /previews/{id}/approve (admins): a fork's preview is rebuilt with the project's variables. */
export function approvePreview(previewId: string) {
  return api<Preview>(`/previews/${encodeURIComponent(previewId)}/approve`, {
    method: 'POST',
    errorMessage: previewWebTexts.approveFailed,
  });
}

export function useApprovePreview(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePreview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewsQueryKey(deploymentId) }),
  });
}
