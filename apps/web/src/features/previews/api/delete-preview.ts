import { previewWebTexts } from '@nuage/shared/messages/previews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { previewsQueryKey } from './get-previews';

/** DELETE /previews/{id} (developers): the preview, its application and environment, now. */
export function deletePreview(previewId: string) {
  return api<void>(`/previews/${encodeURIComponent(previewId)}`, {
    method: 'DELETE',
    errorMessage: previewWebTexts.deleteFailed,
  });
}

export function useDeletePreview(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePreview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewsQueryKey(deploymentId) }),
  });
}
