import type { PreviewsOfApplication } from '@nuage/shared/schemas/responses/previews';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const previewsQueryKey = (deploymentId: string) => ['previews', deploymentId] as const;

/**
 * GET /deployments/{id}/previews. No toast: an application that cannot have previews (not
 * built from Git, itself a preview) answers 400/409 and the card simply is not shown.
 */
export function getPreviews(deploymentId: string, signal?: AbortSignal) {
  return api<PreviewsOfApplication>(`/deployments/${encodeURIComponent(deploymentId)}/previews`, {
    signal,
    errorMessage: false,
  });
}

/** While a preview builds or deploys, its state is read every few seconds; otherwise new pull
 * requests (webhook events) show up within half a minute. */
export const previewsQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: previewsQueryKey(deploymentId),
    queryFn: ({ signal }) => getPreviews(deploymentId, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.apercus.some((p) => p.etat === 'building' || p.etat === 'deploying')
        ? 3000
        : 30_000,
  });
