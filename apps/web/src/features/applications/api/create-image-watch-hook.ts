import { imageWatchTexts } from '@nuage/shared/messages/images';
import type { ImageWatchHook } from '@nuage/shared/schemas/image-deploy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

/** POST /deployments/{id}/image-watch/hook: a new registry webhook URL, answered this once. */
export function createImageWatchHook(id: string) {
  return api<ImageWatchHook>(`/deployments/${encodeURIComponent(id)}/image-watch/hook`, {
    method: 'POST',
    errorMessage: imageWatchTexts.hookFailed,
  });
}

export function useCreateImageWatchHook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createImageWatchHook(id),
    onSuccess: () => invalidateDeployment(queryClient),
  });
}
