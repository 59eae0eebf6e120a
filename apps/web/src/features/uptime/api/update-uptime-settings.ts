import type { UptimeSettingsInput } from '@nuage/shared/schemas/uptime';
import type { ApplicationUptime, UptimeSettings } from '@nuage/shared/schemas/responses/uptime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uptimeQueryOptions } from './get-uptime';

/** PUT /deployments/{id}/uptime-check (developers and admins). */
export function useUpdateUptimeSettings(deploymentId: string) {
  const queryClient = useQueryClient();
  const key = uptimeQueryOptions(deploymentId).queryKey;
  return useMutation({
    mutationFn: (body: UptimeSettingsInput) =>
      api<UptimeSettings>(`/deployments/${encodeURIComponent(deploymentId)}/uptime-check`, {
        method: 'PUT',
        body,
        errorMessage: 'Les réglages de la vérification n’ont pas pu être enregistrés',
      }),
    onSuccess: (reglages) =>
      queryClient.setQueryData<ApplicationUptime>(key, (old) => old && { ...old, reglages }),
  });
}
