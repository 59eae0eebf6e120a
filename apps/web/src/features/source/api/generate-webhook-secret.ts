import type { WebhookInfo, WebhookSecret } from '@nuage/shared/build-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookQueryKey } from './get-webhook';

/** POST /deployments/{id}/webhook/secret: a new secret, returned this once only. */
export function generateWebhookSecret(deploymentId: string) {
  return api<WebhookSecret>(`/deployments/${encodeURIComponent(deploymentId)}/webhook/secret`, {
    method: 'POST',
  });
}

export function useGenerateWebhookSecret(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateWebhookSecret(deploymentId),
    onSuccess: ({ url }) =>
      queryClient.setQueryData<WebhookInfo>(webhookQueryKey(deploymentId), (info) =>
        info ? { ...info, url, has_secret: true } : info,
      ),
  });
}
