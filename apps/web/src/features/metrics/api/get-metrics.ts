import type { ApplicationMetrics } from '@nuage/shared/schemas/responses/monitoring';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getMetrics(id: string, signal?: AbortSignal) {
  return api<ApplicationMetrics>(`/monitoring/applications/${encodeURIComponent(id)}/metrics`, {
    signal,
    // Informative: a failure shows 'indisponible' in the card, not a toast every 10 s.
    errorMessage: false,
  });
}

export const metricsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deployments', 'metrics', id],
    queryFn: ({ signal }) => getMetrics(id, signal),
    refetchInterval: 10_000,
    retry: false,
  });
