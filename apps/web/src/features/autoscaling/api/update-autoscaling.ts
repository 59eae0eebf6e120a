import type { AutoscalingSettingsInput } from '@nuage/shared/schemas/autoscaling';
import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { autoscalingTexts } from '@nuage/shared/messages/autoscaling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { autoscalingQueryOptions } from './get-autoscaling';

/** PUT /deployments/{id}/autoscaling (developers and admins). */
export function useUpdateAutoscaling(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoscalingSettingsInput) =>
      api<Autoscaling>(`/deployments/${encodeURIComponent(deploymentId)}/autoscaling`, {
        method: 'PUT',
        body,
        errorMessage: autoscalingTexts.saveFailed,
      }),
    onSuccess: (data) =>
      queryClient.setQueryData(autoscalingQueryOptions(deploymentId).queryKey, data),
  });
}
