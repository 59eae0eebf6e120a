import type { WebhookInfo } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /deployments/{id}/webhook: its URL and whether a secret was generated (never the secret). */
export function getWebhook(deploymentId: string, signal?: AbortSignal) {
  return api<WebhookInfo>(`/deployments/${encodeURIComponent(deploymentId)}/webhook`, {
    signal,
    errorMessage: codeAppErrors.webhookLoad,
  });
}

export const webhookQueryKey = (deploymentId: string) => ['webhook', deploymentId];

export const webhookQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: webhookQueryKey(deploymentId),
    queryFn: ({ signal }) => getWebhook(deploymentId, signal),
  });
