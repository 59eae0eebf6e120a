import type { PreviewSettingsInput } from '@nuage/shared/schemas/previews';
import type { PreviewsOfApplication } from '@nuage/shared/schemas/responses/previews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { previewsQueryKey } from './get-previews';

/** PUT /deployments/{id}/previews (project admins). A 422's field issues are the form's to show. */
export function updatePreviewSettings(deploymentId: string, body: PreviewSettingsInput) {
  return api<PreviewsOfApplication>(`/deployments/${encodeURIComponent(deploymentId)}/previews`, {
    method: 'PUT',
    body,
    errorMessage: false,
  });
}

export function useUpdatePreviewSettings(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreviewSettingsInput) => updatePreviewSettings(deploymentId, body),
    onSuccess: (data) => queryClient.setQueryData(previewsQueryKey(deploymentId), data),
  });
}
