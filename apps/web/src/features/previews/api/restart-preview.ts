import { previewWebTexts } from '@nuage/shared/messages/previews';
import type { Preview } from '@nuage/shared/schemas/responses/previews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { previewsQueryKey } from './get-previews';

/** POST /previews/{id}/start (developers): a preview stopped idle made again from its head commit. */
export function restartPreview(previewId: string) {
  return api<Preview>(`/previews/${encodeURIComponent(previewId)}/start`, {
    method: 'POST',
    errorMessage: previewWebTexts.restartFailed,
  });
}

export function useRestartPreview(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartPreview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewsQueryKey(deploymentId) }),
  });
}
