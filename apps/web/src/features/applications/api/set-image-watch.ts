import { imageWatchTexts } from '@nuage/shared/messages/images';
import type { ImageWatchSettingsInput } from '@nuage/shared/schemas/image-deploy';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDeployment } from '@/lib/deployment-cache-keys';

/** PUT /deployments/{id}/image-watch: « Redéployer à chaque nouvelle version » on or off. */
export function setImageWatch(id: string, body: ImageWatchSettingsInput) {
  return api<DeploymentDetail>(`/deployments/${encodeURIComponent(id)}/image-watch`, {
    method: 'PUT',
    body,
    errorMessage: imageWatchTexts.saveFailed,
  });
}

export function useSetImageWatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImageWatchSettingsInput) => setImageWatch(id, body),
    onSuccess: () => invalidateDeployment(queryClient),
  });
}
